CREATE TABLE "project_list_counts" (
	"is_active" boolean NOT NULL,
	"category" text NOT NULL,
	"verification_status" "verification_status" NOT NULL,
	"n" bigint NOT NULL,
	"price_paise" bigint NOT NULL,
	CONSTRAINT "project_list_counts_is_active_category_verification_status_pk" PRIMARY KEY("is_active","category","verification_status")
);
--> statement-breakpoint
-- Exact counts and price sums per (is_active, category, verification_status) for the projects
-- list and the dashboard (issue 8, BENCHMARKS.md "Load"): under a steady write load the projects
-- version changes faster than cached counts are reused, so every filter without a search
-- re-counted thousands of rows, and every dashboard aggregated every project. These
-- statement triggers add the rows a statement inserted and subtract the ones it removed, per
-- group, in the writing transaction: a reader sees the counts that match the projects of its own
-- snapshot. Groups are upserted in key order, so two writers never wait on each other in a cycle;
-- an UPDATE that changes none of the three columns nor the price (a discount edit) writes nothing.
CREATE OR REPLACE FUNCTION project_list_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_list_counts AS c (is_active, category, verification_status, n, price_paise)
      SELECT is_active, category, verification_status, count(*), sum(price_paise) FROM new_rows
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (is_active, category, verification_status)
      DO UPDATE SET n = c.n + excluded.n, price_paise = c.price_paise + excluded.price_paise;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO project_list_counts AS c (is_active, category, verification_status, n, price_paise)
      SELECT is_active, category, verification_status, -count(*), -sum(price_paise) FROM old_rows
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (is_active, category, verification_status)
      DO UPDATE SET n = c.n + excluded.n, price_paise = c.price_paise + excluded.price_paise;
  ELSE
    INSERT INTO project_list_counts AS c (is_active, category, verification_status, n, price_paise)
      SELECT is_active, category, verification_status, sum(delta), sum(price_delta) FROM (
        SELECT is_active, category, verification_status, 1 AS delta, price_paise AS price_delta FROM new_rows
        UNION ALL SELECT is_active, category, verification_status, -1, -price_paise FROM old_rows) AS d
      GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 OR sum(price_delta) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (is_active, category, verification_status)
      DO UPDATE SET n = c.n + excluded.n, price_paise = c.price_paise + excluded.price_paise;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_list_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM project_list_counts;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER project_list_counts_insert_trg AFTER INSERT ON projects REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_list_counts_apply();--> statement-breakpoint
CREATE TRIGGER project_list_counts_update_trg AFTER UPDATE ON projects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_list_counts_apply();--> statement-breakpoint
CREATE TRIGGER project_list_counts_delete_trg AFTER DELETE ON projects REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_list_counts_apply();--> statement-breakpoint
CREATE TRIGGER project_list_counts_truncate_trg AFTER TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION project_list_counts_truncate();--> statement-breakpoint
INSERT INTO project_list_counts (is_active, category, verification_status, n, price_paise)
  SELECT is_active, category, verification_status, count(*), coalesce(sum(price_paise), 0) FROM projects GROUP BY 1, 2, 3;
