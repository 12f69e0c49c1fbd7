CREATE TABLE `paper_counts` (
	`conference_id` integer NOT NULL,
	`status` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`conference_id`, `status`),
	FOREIGN KEY (`conference_id`) REFERENCES `conferences`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `paper_status_drafts` (
	`paper_id` integer PRIMARY KEY NOT NULL,
	`conference_id` integer NOT NULL,
	`from_status` text NOT NULL,
	`to_status` text NOT NULL,
	`staged_by` integer,
	`staged_at` integer NOT NULL,
	FOREIGN KEY (`paper_id`) REFERENCES `papers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conference_id`) REFERENCES `conferences`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staged_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `paper_status_drafts_conference_idx` ON `paper_status_drafts` (`conference_id`,`paper_id`);--> statement-breakpoint
-- The papers each conference has per status (app/db/schema.ts: paperCounts), kept by triggers.
INSERT INTO `paper_counts` (`conference_id`, `status`, `n`)
SELECT `conference_id`, `status`, count(*) FROM `papers` GROUP BY `conference_id`, `status`;
--> statement-breakpoint
CREATE TRIGGER `paper_counts_insert` AFTER INSERT ON `papers`
BEGIN
  INSERT INTO `paper_counts` (`conference_id`, `status`, `n`) VALUES (new.`conference_id`, new.`status`, 1)
  ON CONFLICT (`conference_id`, `status`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `paper_counts_delete` AFTER DELETE ON `papers`
BEGIN
  UPDATE `paper_counts` SET `n` = `n` - 1 WHERE `conference_id` = old.`conference_id` AND `status` = old.`status`;
END;
--> statement-breakpoint
CREATE TRIGGER `paper_counts_update` AFTER UPDATE OF `status`, `conference_id` ON `papers`
  WHEN old.`status` IS NOT new.`status` OR old.`conference_id` IS NOT new.`conference_id`
BEGIN
  UPDATE `paper_counts` SET `n` = `n` - 1 WHERE `conference_id` = old.`conference_id` AND `status` = old.`status`;
  INSERT INTO `paper_counts` (`conference_id`, `status`, `n`) VALUES (new.`conference_id`, new.`status`, 1)
  ON CONFLICT (`conference_id`, `status`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
-- What the Papers tab's search looks through, one row per paper (rowid = the paper's id): its
-- title, status (as stored and as read), manuscript type, research areas, and every author's
-- name and e-mail. A trigram index finds any part of a word, as the spec's "contains" search does,
-- reading only the papers that match. Kept by the triggers below.
CREATE VIRTUAL TABLE `papers_search` USING fts5(`body`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `papers_search` (`rowid`, `body`)
SELECT p.`id`, p.`title` || ' ' || p.`status` || ' ' || replace(p.`status`, '_', ' ') || ' ' || p.`manuscript_type` || ' '
  || coalesce((SELECT group_concat(j.`value`, ' ') FROM json_tree(p.`research_areas`) j WHERE j.`type` = 'text'), '') || ' '
  || coalesce((SELECT group_concat(a.`first_name` || ' ' || a.`last_name` || ' ' || a.`email`, ' ') FROM `paper_authors` a WHERE a.`paper_id` = p.`id`), '')
FROM `papers` p;
--> statement-breakpoint
CREATE TRIGGER `papers_search_insert` AFTER INSERT ON `papers`
BEGIN
  INSERT INTO `papers_search` (`rowid`, `body`)
  VALUES (new.`id`, new.`title` || ' ' || new.`status` || ' ' || replace(new.`status`, '_', ' ') || ' ' || new.`manuscript_type` || ' '
    || coalesce((SELECT group_concat(j.`value`, ' ') FROM json_tree(new.`research_areas`) j WHERE j.`type` = 'text'), ''));
END;
--> statement-breakpoint
CREATE TRIGGER `papers_search_update` AFTER UPDATE OF `title`, `status`, `manuscript_type`, `research_areas` ON `papers`
BEGIN
  UPDATE `papers_search` SET `body` = new.`title` || ' ' || new.`status` || ' ' || replace(new.`status`, '_', ' ') || ' ' || new.`manuscript_type` || ' '
    || coalesce((SELECT group_concat(j.`value`, ' ') FROM json_tree(new.`research_areas`) j WHERE j.`type` = 'text'), '') || ' '
    || coalesce((SELECT group_concat(a.`first_name` || ' ' || a.`last_name` || ' ' || a.`email`, ' ') FROM `paper_authors` a WHERE a.`paper_id` = new.`id`), '')
  WHERE `rowid` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `papers_search_delete` AFTER DELETE ON `papers`
BEGIN
  DELETE FROM `papers_search` WHERE `rowid` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `papers_search_author_insert` AFTER INSERT ON `paper_authors`
BEGIN
  UPDATE `papers_search` SET `body` = `body` || ' ' || new.`first_name` || ' ' || new.`last_name` || ' ' || new.`email`
  WHERE `rowid` = new.`paper_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `papers_search_author_change` AFTER UPDATE OF `first_name`, `last_name`, `email`, `paper_id` ON `paper_authors`
BEGIN
  UPDATE `papers_search` SET `body` = (
    SELECT p.`title` || ' ' || p.`status` || ' ' || replace(p.`status`, '_', ' ') || ' ' || p.`manuscript_type` || ' '
      || coalesce((SELECT group_concat(j.`value`, ' ') FROM json_tree(p.`research_areas`) j WHERE j.`type` = 'text'), '') || ' '
      || coalesce((SELECT group_concat(a.`first_name` || ' ' || a.`last_name` || ' ' || a.`email`, ' ') FROM `paper_authors` a WHERE a.`paper_id` = p.`id`), '')
    FROM `papers` p WHERE p.`id` = `papers_search`.`rowid`)
  WHERE `rowid` IN (old.`paper_id`, new.`paper_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `papers_search_author_delete` AFTER DELETE ON `paper_authors`
BEGIN
  UPDATE `papers_search` SET `body` = (
    SELECT p.`title` || ' ' || p.`status` || ' ' || replace(p.`status`, '_', ' ') || ' ' || p.`manuscript_type` || ' '
      || coalesce((SELECT group_concat(j.`value`, ' ') FROM json_tree(p.`research_areas`) j WHERE j.`type` = 'text'), '') || ' '
      || coalesce((SELECT group_concat(a.`first_name` || ' ' || a.`last_name` || ' ' || a.`email`, ' ') FROM `paper_authors` a WHERE a.`paper_id` = p.`id`), '')
    FROM `papers` p WHERE p.`id` = old.`paper_id`)
  WHERE `rowid` = old.`paper_id`;
END;
