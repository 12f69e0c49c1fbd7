-- The count of (not deleted) accounts per role, kept by triggers so the console never counts the
-- whole users table to show its badge (app/db/schema.ts: userCounts).
INSERT INTO `user_counts` (`role`, `n`)
SELECT `role`, count(*) FROM `users` WHERE `deleted_at` IS NULL GROUP BY `role`
ON CONFLICT (`role`) DO UPDATE SET `n` = excluded.`n`;
--> statement-breakpoint
CREATE TRIGGER `user_counts_insert` AFTER INSERT ON `users` WHEN new.`deleted_at` IS NULL
BEGIN
  INSERT INTO `user_counts` (`role`, `n`) VALUES (new.`role`, 1)
  ON CONFLICT (`role`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `user_counts_delete` AFTER DELETE ON `users` WHEN old.`deleted_at` IS NULL
BEGIN
  UPDATE `user_counts` SET `n` = `n` - 1 WHERE `role` = old.`role`;
END;
--> statement-breakpoint
CREATE TRIGGER `user_counts_update` AFTER UPDATE OF `role`, `deleted_at` ON `users`
BEGIN
  UPDATE `user_counts` SET `n` = `n` - 1 WHERE `role` = old.`role` AND old.`deleted_at` IS NULL;
  INSERT INTO `user_counts` (`role`, `n`) SELECT new.`role`, 1 WHERE new.`deleted_at` IS NULL
  ON CONFLICT (`role`) DO UPDATE SET `n` = `n` + 1;
END;
