-- Drafts (decision 038): a project made by Add Project's Upload Files is a draft until it is
-- published, and the catalogue (the list without includeInactive) leaves drafts out whatever
-- is_active says. The flag is copied where the list's filters are read: project_search (a
-- search's page) and project_list_counts (a group key of the exact totals), by the same triggers.
ALTER TABLE "projects" ADD COLUMN "is_draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "project_search" ADD COLUMN "is_draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "project_list_counts" ADD COLUMN "is_draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "project_list_counts" DROP CONSTRAINT "project_list_counts_is_active_category_verification_status_pk";--> statement-breakpoint
ALTER TABLE "project_list_counts" ADD CONSTRAINT "project_list_counts_is_active_is_draft_category_verification_status_pk" PRIMARY KEY("is_active","is_draft","category","verification_status");--> statement-breakpoint
CREATE INDEX "projects_drafts_idx" ON "projects" USING btree ("updated_at") WHERE "projects"."is_draft";--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_list_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_list_counts AS c (is_active, is_draft, category, verification_status, n, price_paise)
      SELECT is_active, is_draft, category, verification_status, count(*), sum(price_paise) FROM new_rows
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (is_active, is_draft, category, verification_status)
      DO UPDATE SET n = c.n + excluded.n, price_paise = c.price_paise + excluded.price_paise;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO project_list_counts AS c (is_active, is_draft, category, verification_status, n, price_paise)
      SELECT is_active, is_draft, category, verification_status, -count(*), -sum(price_paise) FROM old_rows
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (is_active, is_draft, category, verification_status)
      DO UPDATE SET n = c.n + excluded.n, price_paise = c.price_paise + excluded.price_paise;
  ELSE
    INSERT INTO project_list_counts AS c (is_active, is_draft, category, verification_status, n, price_paise)
      SELECT is_active, is_draft, category, verification_status, sum(delta), sum(price_delta) FROM (
        SELECT is_active, is_draft, category, verification_status, 1 AS delta, price_paise AS price_delta FROM new_rows
        UNION ALL SELECT is_active, is_draft, category, verification_status, -1, -price_paise FROM old_rows) AS d
      GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 OR sum(price_delta) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (is_active, is_draft, category, verification_status)
      DO UPDATE SET n = c.n + excluded.n, price_paise = c.price_paise + excluded.price_paise;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_search (project_id, created_at, is_active, is_draft, category, verification_status, search_text)
    VALUES (NEW.id, NEW.created_at, NEW.is_active, NEW.is_draft, NEW.category, NEW.verification_status,
      project_search_text(NEW.title, NEW.description, NEW.technologies, NEW.tags));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_search SET created_at = NEW.created_at, is_active = NEW.is_active, is_draft = NEW.is_draft,
    category = NEW.category, verification_status = NEW.verification_status,
    search_text = project_search_text(NEW.title, NEW.description, NEW.technologies, NEW.tags)
    WHERE project_id = OLD.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER project_search_update ON projects;--> statement-breakpoint
CREATE TRIGGER project_search_update AFTER UPDATE ON projects
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.technologies IS DISTINCT FROM NEW.technologies OR OLD.tags IS DISTINCT FROM NEW.tags
    OR OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.is_draft IS DISTINCT FROM NEW.is_draft
    OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.verification_status IS DISTINCT FROM NEW.verification_status OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION project_search_update();
