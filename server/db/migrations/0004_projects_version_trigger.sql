-- table_versions.version of 'projects' goes up by one per write statement on projects, in the
-- writing transaction (so it becomes visible together with the data). The list route caches its
-- exact count(*) per (filters, version).
INSERT INTO table_versions (name, version) VALUES ('projects', 0) ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION projects_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_versions SET version = version + 1 WHERE name = 'projects';
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS projects_version_trg ON projects;--> statement-breakpoint
CREATE TRIGGER projects_version_trg AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION projects_version_bump();
