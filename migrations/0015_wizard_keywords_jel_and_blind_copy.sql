ALTER TABLE `papers` ADD `keywords` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `papers` ADD `jel_codes` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `wizard_drafts` ADD `second_file_key` text;