CREATE TABLE `staged_counts` (
	`conference_id` integer PRIMARY KEY NOT NULL,
	`n` integer NOT NULL,
	FOREIGN KEY (`conference_id`) REFERENCES `conferences`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `papers` ADD `first_author` text;--> statement-breakpoint
ALTER TABLE `papers` ADD `file_kinds` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `papers` ADD `confirmed_registrations` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `papers` ADD `staged_status` text;
--> statement-breakpoint
-- What the Papers tab lists of each paper's other records, kept on the paper by the triggers
-- below (app/db/schema.ts): a page of the list reads its papers and nothing else.
UPDATE `papers` SET
  `first_author` = (SELECT json_object('firstName', a.`first_name`, 'lastName', a.`last_name`, 'email', a.`email`) FROM `paper_authors` a WHERE a.`paper_id` = `papers`.`id` ORDER BY a.`author_order` LIMIT 1),
  `file_kinds` = (SELECT json_group_array(DISTINCT f.`kind`) FROM `files` f WHERE f.`paper_id` = `papers`.`id`),
  `confirmed_registrations` = (SELECT count(*) FROM `registrations` r WHERE r.`paper_id` = `papers`.`id` AND r.`status` = 'confirmed'),
  `staged_status` = (SELECT d.`to_status` FROM `paper_status_drafts` d WHERE d.`paper_id` = `papers`.`id`);
--> statement-breakpoint
INSERT INTO `staged_counts` (`conference_id`, `n`) SELECT `conference_id`, count(*) FROM `paper_status_drafts` GROUP BY `conference_id`;
--> statement-breakpoint
CREATE TRIGGER `papers_first_author_insert` AFTER INSERT ON `paper_authors`
BEGIN
  UPDATE `papers` SET `first_author` = (SELECT json_object('firstName', a.`first_name`, 'lastName', a.`last_name`, 'email', a.`email`) FROM `paper_authors` a WHERE a.`paper_id` = `papers`.`id` ORDER BY a.`author_order` LIMIT 1) WHERE `id` IN (new.`paper_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `papers_first_author_update` AFTER UPDATE OF `first_name`, `last_name`, `email`, `author_order`, `paper_id` ON `paper_authors`
BEGIN
  UPDATE `papers` SET `first_author` = (SELECT json_object('firstName', a.`first_name`, 'lastName', a.`last_name`, 'email', a.`email`) FROM `paper_authors` a WHERE a.`paper_id` = `papers`.`id` ORDER BY a.`author_order` LIMIT 1) WHERE `id` IN (old.`paper_id`, new.`paper_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `papers_first_author_delete` AFTER DELETE ON `paper_authors`
BEGIN
  UPDATE `papers` SET `first_author` = (SELECT json_object('firstName', a.`first_name`, 'lastName', a.`last_name`, 'email', a.`email`) FROM `paper_authors` a WHERE a.`paper_id` = `papers`.`id` ORDER BY a.`author_order` LIMIT 1) WHERE `id` IN (old.`paper_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `papers_file_kinds_insert` AFTER INSERT ON `files` WHEN new.`paper_id` IS NOT NULL
BEGIN
  UPDATE `papers` SET `file_kinds` = (SELECT json_group_array(DISTINCT f.`kind`) FROM `files` f WHERE f.`paper_id` = `papers`.`id`) WHERE `id` IN (new.`paper_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `papers_file_kinds_update` AFTER UPDATE OF `paper_id`, `kind` ON `files` WHEN old.`paper_id` IS NOT NULL OR new.`paper_id` IS NOT NULL
BEGIN
  UPDATE `papers` SET `file_kinds` = (SELECT json_group_array(DISTINCT f.`kind`) FROM `files` f WHERE f.`paper_id` = `papers`.`id`) WHERE `id` IN (old.`paper_id`, new.`paper_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `papers_file_kinds_delete` AFTER DELETE ON `files` WHEN old.`paper_id` IS NOT NULL
BEGIN
  UPDATE `papers` SET `file_kinds` = (SELECT json_group_array(DISTINCT f.`kind`) FROM `files` f WHERE f.`paper_id` = `papers`.`id`) WHERE `id` IN (old.`paper_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `papers_registrations_insert` AFTER INSERT ON `registrations` WHEN new.`paper_id` IS NOT NULL
BEGIN
  UPDATE `papers` SET `confirmed_registrations` = (SELECT count(*) FROM `registrations` r WHERE r.`paper_id` = `papers`.`id` AND r.`status` = 'confirmed') WHERE `id` IN (new.`paper_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `papers_registrations_update` AFTER UPDATE OF `status`, `paper_id` ON `registrations` WHEN old.`paper_id` IS NOT NULL OR new.`paper_id` IS NOT NULL
BEGIN
  UPDATE `papers` SET `confirmed_registrations` = (SELECT count(*) FROM `registrations` r WHERE r.`paper_id` = `papers`.`id` AND r.`status` = 'confirmed') WHERE `id` IN (old.`paper_id`, new.`paper_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `papers_registrations_delete` AFTER DELETE ON `registrations` WHEN old.`paper_id` IS NOT NULL
BEGIN
  UPDATE `papers` SET `confirmed_registrations` = (SELECT count(*) FROM `registrations` r WHERE r.`paper_id` = `papers`.`id` AND r.`status` = 'confirmed') WHERE `id` IN (old.`paper_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `papers_staged_insert` AFTER INSERT ON `paper_status_drafts`
BEGIN
  UPDATE `papers` SET `staged_status` = new.`to_status` WHERE `id` = new.`paper_id`;
  INSERT INTO `staged_counts` (`conference_id`, `n`) VALUES (new.`conference_id`, 1)
  ON CONFLICT (`conference_id`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `papers_staged_update` AFTER UPDATE ON `paper_status_drafts`
BEGIN
  UPDATE `papers` SET `staged_status` = NULL WHERE `id` = old.`paper_id` AND old.`paper_id` IS NOT new.`paper_id`;
  UPDATE `papers` SET `staged_status` = new.`to_status` WHERE `id` = new.`paper_id`;
  UPDATE `staged_counts` SET `n` = `n` - 1 WHERE `conference_id` = old.`conference_id` AND old.`conference_id` IS NOT new.`conference_id`;
  INSERT INTO `staged_counts` (`conference_id`, `n`) SELECT new.`conference_id`, 1 WHERE old.`conference_id` IS NOT new.`conference_id`
  ON CONFLICT (`conference_id`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `papers_staged_delete` AFTER DELETE ON `paper_status_drafts`
BEGIN
  UPDATE `papers` SET `staged_status` = NULL WHERE `id` = old.`paper_id`;
  UPDATE `staged_counts` SET `n` = `n` - 1 WHERE `conference_id` = old.`conference_id`;
END;
--> statement-breakpoint
DROP TRIGGER `papers_search_insert`;
--> statement-breakpoint
DROP TRIGGER `papers_search_update`;
--> statement-breakpoint
DROP TRIGGER `papers_search_delete`;
--> statement-breakpoint
DROP TRIGGER `papers_search_author_insert`;
--> statement-breakpoint
DROP TRIGGER `papers_search_author_change`;
--> statement-breakpoint
DROP TRIGGER `papers_search_author_delete`;
--> statement-breakpoint
DROP TABLE `papers_search`;
--> statement-breakpoint
-- The search index again, one row per paper as before, but keyed by conference and paper number
-- (rowid = conference id × 2^20 + paper number): a search asks for one conference's range of
-- rowids, highest first, and reads only the matches it shows.
CREATE VIRTUAL TABLE `papers_search` USING fts5(`body`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `papers_search` (`rowid`, `body`)
SELECT p.`conference_id` * 1048576 + p.`paper_number`, p.`title` || ' ' || p.`status` || ' ' || replace(p.`status`, '_', ' ') || ' ' || p.`manuscript_type` || ' '
    || coalesce((SELECT group_concat(j.`value`, ' ') FROM json_tree(p.`research_areas`) j WHERE j.`type` = 'text'), '') || ' '
    || coalesce((SELECT group_concat(a.`first_name` || ' ' || a.`last_name` || ' ' || a.`email`, ' ') FROM `paper_authors` a WHERE a.`paper_id` = p.`id`), '')
FROM `papers` p;
--> statement-breakpoint
CREATE TRIGGER `papers_search_insert` AFTER INSERT ON `papers`
BEGIN
  INSERT INTO `papers_search` (`rowid`, `body`) VALUES (new.`conference_id` * 1048576 + new.`paper_number`, new.`title` || ' ' || new.`status` || ' ' || replace(new.`status`, '_', ' ') || ' ' || new.`manuscript_type` || ' '
    || coalesce((SELECT group_concat(j.`value`, ' ') FROM json_tree(new.`research_areas`) j WHERE j.`type` = 'text'), '') || ' '
    || coalesce((SELECT group_concat(a.`first_name` || ' ' || a.`last_name` || ' ' || a.`email`, ' ') FROM `paper_authors` a WHERE a.`paper_id` = new.`id`), ''));
END;
--> statement-breakpoint
CREATE TRIGGER `papers_search_update` AFTER UPDATE OF `title`, `status`, `manuscript_type`, `research_areas`, `conference_id`, `paper_number` ON `papers`
BEGIN
  DELETE FROM `papers_search` WHERE `rowid` = old.`conference_id` * 1048576 + old.`paper_number`;
  INSERT INTO `papers_search` (`rowid`, `body`) VALUES (new.`conference_id` * 1048576 + new.`paper_number`, new.`title` || ' ' || new.`status` || ' ' || replace(new.`status`, '_', ' ') || ' ' || new.`manuscript_type` || ' '
    || coalesce((SELECT group_concat(j.`value`, ' ') FROM json_tree(new.`research_areas`) j WHERE j.`type` = 'text'), '') || ' '
    || coalesce((SELECT group_concat(a.`first_name` || ' ' || a.`last_name` || ' ' || a.`email`, ' ') FROM `paper_authors` a WHERE a.`paper_id` = new.`id`), ''));
END;
--> statement-breakpoint
CREATE TRIGGER `papers_search_delete` AFTER DELETE ON `papers`
BEGIN
  DELETE FROM `papers_search` WHERE `rowid` = old.`conference_id` * 1048576 + old.`paper_number`;
END;
--> statement-breakpoint
CREATE TRIGGER `papers_search_author_insert` AFTER INSERT ON `paper_authors`
BEGIN
  UPDATE `papers_search` SET `body` = (SELECT p.`title` || ' ' || p.`status` || ' ' || replace(p.`status`, '_', ' ') || ' ' || p.`manuscript_type` || ' '
    || coalesce((SELECT group_concat(j.`value`, ' ') FROM json_tree(p.`research_areas`) j WHERE j.`type` = 'text'), '') || ' '
    || coalesce((SELECT group_concat(a.`first_name` || ' ' || a.`last_name` || ' ' || a.`email`, ' ') FROM `paper_authors` a WHERE a.`paper_id` = p.`id`), '')
    FROM `papers` p WHERE p.`conference_id` * 1048576 + p.`paper_number` = `papers_search`.`rowid`)
  WHERE `rowid` IN (SELECT p.`conference_id` * 1048576 + p.`paper_number` FROM `papers` p WHERE p.`id` IN (new.`paper_id`));
END;
--> statement-breakpoint
CREATE TRIGGER `papers_search_author_change` AFTER UPDATE OF `first_name`, `last_name`, `email`, `paper_id` ON `paper_authors`
BEGIN
  UPDATE `papers_search` SET `body` = (SELECT p.`title` || ' ' || p.`status` || ' ' || replace(p.`status`, '_', ' ') || ' ' || p.`manuscript_type` || ' '
    || coalesce((SELECT group_concat(j.`value`, ' ') FROM json_tree(p.`research_areas`) j WHERE j.`type` = 'text'), '') || ' '
    || coalesce((SELECT group_concat(a.`first_name` || ' ' || a.`last_name` || ' ' || a.`email`, ' ') FROM `paper_authors` a WHERE a.`paper_id` = p.`id`), '')
    FROM `papers` p WHERE p.`conference_id` * 1048576 + p.`paper_number` = `papers_search`.`rowid`)
  WHERE `rowid` IN (SELECT p.`conference_id` * 1048576 + p.`paper_number` FROM `papers` p WHERE p.`id` IN (old.`paper_id`, new.`paper_id`));
END;
--> statement-breakpoint
CREATE TRIGGER `papers_search_author_delete` AFTER DELETE ON `paper_authors`
BEGIN
  UPDATE `papers_search` SET `body` = (SELECT p.`title` || ' ' || p.`status` || ' ' || replace(p.`status`, '_', ' ') || ' ' || p.`manuscript_type` || ' '
    || coalesce((SELECT group_concat(j.`value`, ' ') FROM json_tree(p.`research_areas`) j WHERE j.`type` = 'text'), '') || ' '
    || coalesce((SELECT group_concat(a.`first_name` || ' ' || a.`last_name` || ' ' || a.`email`, ' ') FROM `paper_authors` a WHERE a.`paper_id` = p.`id`), '')
    FROM `papers` p WHERE p.`conference_id` * 1048576 + p.`paper_number` = `papers_search`.`rowid`)
  WHERE `rowid` IN (SELECT p.`conference_id` * 1048576 + p.`paper_number` FROM `papers` p WHERE p.`id` IN (old.`paper_id`));
END;
