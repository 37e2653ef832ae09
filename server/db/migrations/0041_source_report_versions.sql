-- Table version of source_reports (decision 004, as 0019 does for orders): a new report changes
-- the risk column and the risk filters of the projects list, so its version is part of a list
-- page's cache key (services/table-versions.ts PROJECT_LIST_TABLES). Bumped once per writing
-- transaction at commit by 0012's deferred trigger; TRUNCATE keeps the statement trigger.
INSERT INTO table_versions (name, version) VALUES ('source_reports', 0)
  ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
DROP TRIGGER IF EXISTS source_reports_version_trg ON source_reports;--> statement-breakpoint
CREATE TRIGGER source_reports_version_trg AFTER TRUNCATE ON source_reports
  FOR EACH STATEMENT EXECUTE FUNCTION table_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER source_reports_version_commit_trg AFTER INSERT OR UPDATE OR DELETE ON source_reports
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION table_version_bump_once();
