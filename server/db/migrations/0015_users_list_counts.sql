CREATE TABLE "user_list_counts" (
	"is_admin" boolean NOT NULL,
	"is_agent" boolean NOT NULL,
	"is_active" boolean NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "user_list_counts_is_admin_is_agent_is_active_pk" PRIMARY KEY("is_admin","is_agent","is_active")
);
--> statement-breakpoint
DROP INDEX "users_roles_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "users_list_role_idx" ON "users" USING btree ("is_admin","is_agent","created_at","id","is_active");--> statement-breakpoint
CREATE INDEX "users_list_status_idx" ON "users" USING btree ("is_active","created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((lower("name" || ' ' || "email" || ' ' || coalesce("phone", '') || ' ' || regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g'))) gin_trgm_ops);--> statement-breakpoint
-- Exact counts per (is_admin, is_agent, is_active) for the users list (issue 9, BENCHMARKS.md
-- "Users list"): a role or status filter without a search, or no filter at all, counted up to
-- 200,000 users for every page of every users version. These statement triggers add the rows a
-- statement inserted and subtract the ones it removed, per group, in the writing transaction
-- (as 0013 does for projects): a reader sees the counts that match the users of its own
-- snapshot. Groups are upserted in key order, so two writers never wait on each other in a
-- cycle; an UPDATE that changes none of the three flags (a profile edit) writes nothing.
CREATE OR REPLACE FUNCTION user_list_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_list_counts AS c (is_admin, is_agent, is_active, n)
      SELECT is_admin, is_agent, is_active, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (is_admin, is_agent, is_active) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_list_counts AS c (is_admin, is_agent, is_active, n)
      SELECT is_admin, is_agent, is_active, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (is_admin, is_agent, is_active) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO user_list_counts AS c (is_admin, is_agent, is_active, n)
      SELECT is_admin, is_agent, is_active, sum(delta) FROM (
        SELECT is_admin, is_agent, is_active, 1 AS delta FROM new_rows
        UNION ALL SELECT is_admin, is_agent, is_active, -1 FROM old_rows) AS d
      GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (is_admin, is_agent, is_active) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_list_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_list_counts;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER user_list_counts_insert_trg AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_list_counts_apply();--> statement-breakpoint
CREATE TRIGGER user_list_counts_update_trg AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_list_counts_apply();--> statement-breakpoint
CREATE TRIGGER user_list_counts_delete_trg AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_list_counts_apply();--> statement-breakpoint
CREATE TRIGGER user_list_counts_truncate_trg AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION user_list_counts_truncate();--> statement-breakpoint
INSERT INTO user_list_counts (is_admin, is_agent, is_active, n)
  SELECT is_admin, is_agent, is_active, count(*) FROM users GROUP BY 1, 2, 3;
