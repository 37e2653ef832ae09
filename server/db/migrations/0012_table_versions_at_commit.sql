-- Table versions bumped at commit, once per writing transaction (issue 8, BENCHMARKS.md "Load").
-- 0007 bumped table_versions in an AFTER ... FOR EACH STATEMENT trigger, which takes the row lock
-- of the table's version at the first write statement and holds it until commit: every other
-- writer of the table waited for all the remaining round trips of the first one (history and
-- audit inserts, COMMIT), so admin writes ran one at a time and held pool connections while they
-- waited. Now a deferred constraint trigger bumps the version when the transaction commits, once
-- per table and transaction (a transaction-local setting remembers the bump), so the lock is held
-- only while the transaction commits. Readers still see the data and its new version together
-- (same transaction). TRUNCATE keeps the statement trigger (constraint triggers cannot be on it).
CREATE OR REPLACE FUNCTION table_version_bump_once() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  flag text := 'table_versions.bumped_' || TG_TABLE_NAME;
  next_version bigint;
BEGIN
  IF current_setting(flag, true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config(flag, 'on', true);
  UPDATE table_versions SET version = version + 1 WHERE name = TG_TABLE_NAME RETURNING version INTO next_version;
  PERFORM pg_notify('table_versions', TG_TABLE_NAME || ':' || next_version);
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS projects_version_trg ON projects;--> statement-breakpoint
CREATE TRIGGER projects_version_trg AFTER TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION table_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER projects_version_commit_trg AFTER INSERT OR UPDATE OR DELETE ON projects
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION table_version_bump_once();--> statement-breakpoint
DROP TRIGGER IF EXISTS project_images_version_trg ON project_images;--> statement-breakpoint
CREATE TRIGGER project_images_version_trg AFTER TRUNCATE ON project_images
  FOR EACH STATEMENT EXECUTE FUNCTION table_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER project_images_version_commit_trg AFTER INSERT OR UPDATE OR DELETE ON project_images
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION table_version_bump_once();--> statement-breakpoint
DROP TRIGGER IF EXISTS users_version_trg ON users;--> statement-breakpoint
CREATE TRIGGER users_version_trg AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION table_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_version_commit_trg AFTER INSERT OR UPDATE OR DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION table_version_bump_once();
