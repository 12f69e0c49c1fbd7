CREATE TABLE `user_counts` (
	`role` text PRIMARY KEY NOT NULL,
	`n` integer NOT NULL
);
