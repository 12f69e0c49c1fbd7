ALTER TABLE `payments` ADD `fee_type` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `accompanied_persons` integer;