CREATE TABLE `payment_events` (
	`event_id` text PRIMARY KEY NOT NULL,
	`event_type` text NOT NULL,
	`payment_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `invoice_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `capture_attempt` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_invoice_unique` ON `payments` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `payments_status_idx` ON `payments` (`status`,`updated_at`);--> statement-breakpoint
ALTER TABLE `registrations` ADD `receipt_number` text;--> statement-breakpoint
ALTER TABLE `registrations` ADD `cancel_reason` text;--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_live_unique` ON `registrations` (`user_id`,`paper_id`) WHERE status <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_receipt_unique` ON `registrations` (`receipt_number`);--> statement-breakpoint
CREATE INDEX `registrations_conference_list_idx` ON `registrations` (`conference_id`,`id`);