ALTER TABLE `outbox` ADD `claimed_at` integer;--> statement-breakpoint
CREATE INDEX `outbox_created_idx` ON `outbox` (`created_at`);