-- Keeps projects.search_text = lower(title || ' ' || description || ' ' || technologies || ' ' || tags)
-- on every insert and update, so seeds, COPY and ad-hoc SQL need nothing. Must match
-- server/domain/projects/search-text.ts (projectSearchText).
CREATE OR REPLACE FUNCTION projects_search_text_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(
    coalesce(NEW.title, '') || ' ' || coalesce(NEW.description, '') || ' ' ||
    array_to_string(coalesce(NEW.technologies, '{}'::text[]), ' ') || ' ' ||
    array_to_string(coalesce(NEW.tags, '{}'::text[]), ' ')
  );
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS projects_search_text_trg ON projects;--> statement-breakpoint
CREATE TRIGGER projects_search_text_trg BEFORE INSERT OR UPDATE ON projects
  FOR EACH ROW EXECUTE FUNCTION projects_search_text_fill();--> statement-breakpoint
UPDATE projects SET search_text = '' WHERE search_text = '';
