ALTER TABLE `users` ADD `totp_pending_secret` text;--> statement-breakpoint
-- An enrolment begun before this migration (a secret stored but never confirmed) moves aside.
UPDATE `users` SET `totp_pending_secret` = `totp_secret`, `totp_secret` = NULL WHERE `totp_secret` IS NOT NULL AND `totp_enabled_at` IS NULL;
