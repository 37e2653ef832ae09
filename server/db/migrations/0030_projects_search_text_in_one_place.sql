-- The search text in one place (decision 021): 0029 copied projects.search_text (kept by the
-- BEFORE trigger of 0002 on every insert and update) into project_search; the column on projects
-- is read by nothing else. project_search's triggers now compute the text themselves, only when
-- the title, description, technologies or tags change, and projects loses the column, its trigger
-- (run on every update) and ~360 bytes a row.
CREATE FUNCTION project_search_text(title text, description text, technologies text[], tags text[])
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(coalesce(title, '') || ' ' || coalesce(description, '') || ' ' ||
    array_to_string(coalesce(technologies, '{}'::text[]), ' ') || ' ' ||
    array_to_string(coalesce(tags, '{}'::text[]), ' '))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_search (project_id, created_at, is_active, category, verification_status, search_text)
    VALUES (NEW.id, NEW.created_at, NEW.is_active, NEW.category, NEW.verification_status,
      project_search_text(NEW.title, NEW.description, NEW.technologies, NEW.tags));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_search SET created_at = NEW.created_at, is_active = NEW.is_active,
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
    OR OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.verification_status IS DISTINCT FROM NEW.verification_status OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION project_search_update();--> statement-breakpoint
DROP TRIGGER projects_search_text_trg ON projects;--> statement-breakpoint
DROP FUNCTION projects_search_text_fill();--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "search_text";
