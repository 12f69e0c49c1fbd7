ALTER TABLE `papers` ADD `submission_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `papers_submission_key_unique` ON `papers` (`submission_key`);