CREATE TABLE `wizard_drafts` (
	`id` text PRIMARY KEY NOT NULL,
	`wizard` text NOT NULL,
	`user_id` integer,
	`step` integer DEFAULT 1 NOT NULL,
	`data` text NOT NULL,
	`file_key` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wizard_drafts_updated_idx` ON `wizard_drafts` (`updated_at`);--> statement-breakpoint
CREATE INDEX `wizard_drafts_user_idx` ON `wizard_drafts` (`user_id`);