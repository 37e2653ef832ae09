-- Versions for every table a projects list page is built from (projects, project_images and
-- users for the owner), bumped once per write statement inside the writing transaction, and
-- announced with NOTIFY table_versions 'name:version' on commit. The list route caches whole
-- pages per (versions, query); server/services/table-versions.ts keeps the versions in memory
-- from these notifications (docs/decisions/004).
INSERT INTO table_versions (name, version) VALUES ('projects', 0), ('project_images', 0), ('users', 0)
  ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION table_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_version bigint;
BEGIN
  UPDATE table_versions SET version = version + 1 WHERE name = TG_TABLE_NAME RETURNING version INTO next_version;
  PERFORM pg_notify('table_versions', TG_TABLE_NAME || ':' || next_version);
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS projects_version_trg ON projects;--> statement-breakpoint
CREATE TRIGGER projects_version_trg AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION table_version_bump();--> statement-breakpoint
DROP FUNCTION IF EXISTS projects_version_bump();--> statement-breakpoint
DROP TRIGGER IF EXISTS project_images_version_trg ON project_images;--> statement-breakpoint
CREATE TRIGGER project_images_version_trg AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON project_images
  FOR EACH STATEMENT EXECUTE FUNCTION table_version_bump();--> statement-breakpoint
DROP TRIGGER IF EXISTS users_version_trg ON users;--> statement-breakpoint
CREATE TRIGGER users_version_trg AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION table_version_bump();
