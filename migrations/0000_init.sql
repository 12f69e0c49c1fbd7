CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text,
	`details` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity_type`,`entity_id`);--> statement-breakpoint
CREATE TABLE `auth_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `auth_tokens_hash_unique` ON `auth_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `auth_tokens_user_idx` ON `auth_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `board_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`board_year_id` integer NOT NULL,
	`section` text NOT NULL,
	`position` text,
	`term` text,
	`name` text NOT NULL,
	`affiliation` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`board_year_id`) REFERENCES `board_years`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `board_members_year_idx` ON `board_members` (`board_year_id`,`section`,`sort_order`);--> statement-breakpoint
CREATE TABLE `board_years` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`period` text NOT NULL,
	`title` text,
	`sponsoring_institution` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `board_years_period_unique` ON `board_years` (`period`);--> statement-breakpoint
CREATE TABLE `conferences` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`location` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`introduction` text,
	`venue` text,
	`keynote_speakers` text,
	`program_chairs` text,
	`sponsoring_institutions` text,
	`conference_objective` text,
	`areas_of_interest` text,
	`doctoral_tutorials` text,
	`submission_guidelines` text,
	`paper_awards` text,
	`registration_fee_info` text,
	`further_information` text,
	`scientific_committee` text,
	`local_organizing_committee` text,
	`header_photo_id` integer,
	`fee_standard` integer,
	`fee_student` integer,
	`fee_accompanied_person` integer,
	`currency` text DEFAULT 'EUR' NOT NULL,
	`fee_description` text,
	`registration_enabled` integer DEFAULT true NOT NULL,
	`payment_required` integer DEFAULT false NOT NULL,
	`registration_deadline` text,
	`paper_counter` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`header_photo_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `conferences_start_idx` ON `conferences` (`start_date`);--> statement-breakpoint
CREATE INDEX `conferences_end_idx` ON `conferences` (`end_date`);--> statement-breakpoint
CREATE INDEX `conferences_status_idx` ON `conferences` (`status`,`start_date`);--> statement-breakpoint
CREATE TABLE `extraction_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`file_id` integer,
	`status` text DEFAULT 'uploading' NOT NULL,
	`message` text,
	`result` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `extraction_jobs_user_idx` ON `extraction_jobs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`filename` text NOT NULL,
	`r2_key` text NOT NULL,
	`original_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text,
	`alt_text` text,
	`width` integer,
	`height` integer,
	`conference_id` integer,
	`news_id` integer,
	`paper_id` integer,
	`uploaded_by` integer,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`conference_id`) REFERENCES `conferences`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`news_id`) REFERENCES `news`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`paper_id`) REFERENCES `papers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `files_kind_filename_unique` ON `files` (`kind`,`filename`);--> statement-breakpoint
CREATE UNIQUE INDEX `files_r2_key_unique` ON `files` (`r2_key`);--> statement-breakpoint
CREATE INDEX `files_conference_idx` ON `files` (`conference_id`,`kind`,`sort_order`);--> statement-breakpoint
CREATE INDEX `files_news_idx` ON `files` (`news_id`,`kind`);--> statement-breakpoint
CREATE INDEX `files_paper_idx` ON `files` (`paper_id`,`kind`);--> statement-breakpoint
CREATE TABLE `news` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`category` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`news_date` text,
	`content` text NOT NULL,
	`description` text,
	`details` text,
	`contact_info` text,
	`featured_image_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`featured_image_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `news_status_idx` ON `news` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`template` text NOT NULL,
	`to_address` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `outbox_status_idx` ON `outbox` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `paper_authors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`paper_id` integer NOT NULL,
	`user_id` integer,
	`author_order` integer NOT NULL,
	`salutation` text,
	`first_name` text NOT NULL,
	`middle_name` text,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`institution` text NOT NULL,
	`department` text,
	`rank` text,
	`rank_other` text,
	`country` text,
	`address` text,
	`is_corresponding` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`paper_id`) REFERENCES `papers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `paper_authors_order_unique` ON `paper_authors` (`paper_id`,`author_order`);--> statement-breakpoint
CREATE INDEX `paper_authors_email_idx` ON `paper_authors` (`email`);--> statement-breakpoint
CREATE INDEX `paper_authors_user_idx` ON `paper_authors` (`user_id`);--> statement-breakpoint
CREATE TABLE `papers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conference_id` integer NOT NULL,
	`paper_number` integer NOT NULL,
	`submitter_id` integer,
	`manuscript_type` text NOT NULL,
	`title` text NOT NULL,
	`abstract` text NOT NULL,
	`status` text DEFAULT 'under_review' NOT NULL,
	`research_areas` text NOT NULL,
	`submitted_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`conference_id`) REFERENCES `conferences`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`submitter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `papers_conference_number_unique` ON `papers` (`conference_id`,`paper_number`);--> statement-breakpoint
CREATE INDEX `papers_conference_status_idx` ON `papers` (`conference_id`,`status`);--> statement-breakpoint
CREATE INDEX `papers_submitter_idx` ON `papers` (`submitter_id`,`submitted_at`);--> statement-breakpoint
CREATE TABLE `past_presidents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`years` text NOT NULL,
	`name` text NOT NULL,
	`note` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`registration_id` integer NOT NULL,
	`provider` text DEFAULT 'paypal' NOT NULL,
	`provider_order_id` text NOT NULL,
	`provider_capture_id` text,
	`payer_id` text,
	`status` text DEFAULT 'created' NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`intent_token_hash` text,
	`failure_reason` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`registration_id`) REFERENCES `registrations`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_order_unique` ON `payments` (`provider`,`provider_order_id`);--> statement-breakpoint
CREATE INDEX `payments_registration_idx` ON `payments` (`registration_id`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recovery_codes_user_idx` ON `recovery_codes` (`user_id`);--> statement-breakpoint
CREATE TABLE `registrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conference_id` integer NOT NULL,
	`paper_id` integer,
	`user_id` integer,
	`participant_email` text NOT NULL,
	`fee_type` text NOT NULL,
	`accompanied_persons` integer DEFAULT 0 NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`confirmed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`conference_id`) REFERENCES `conferences`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`paper_id`) REFERENCES `papers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `registrations_conference_idx` ON `registrations` (`conference_id`,`status`);--> statement-breakpoint
CREATE INDEX `registrations_paper_idx` ON `registrations` (`paper_id`,`status`);--> statement-breakpoint
CREATE INDEX `registrations_user_idx` ON `registrations` (`user_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`second_factor_pending` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_seen_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`user_agent` text,
	`ip_address` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `site_state` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`username` text NOT NULL,
	`password_hash` text,
	`role` text DEFAULT 'user' NOT NULL,
	`status` text DEFAULT 'inactive' NOT NULL,
	`email_confirmed_at` integer,
	`salutation` text,
	`first_name` text DEFAULT '' NOT NULL,
	`middle_name` text,
	`last_name` text DEFAULT '' NOT NULL,
	`secondary_email` text,
	`work_phone` text,
	`work_phone_country` text DEFAULT '+1' NOT NULL,
	`cell_phone` text,
	`cell_phone_country` text DEFAULT '+1' NOT NULL,
	`personal_web_page` text,
	`primary_affiliation` text,
	`secondary_affiliation` text,
	`institution` text,
	`expertise` text,
	`member_until` text,
	`totp_secret` text,
	`totp_enabled_at` integer,
	`last_login_at` integer,
	`deleted_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_name_idx` ON `users` (`last_name`,`first_name`);