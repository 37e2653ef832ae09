-- Table versions for orders and payments (issue 10, decision 004, as 0012 does for projects and
-- users): bumped once per writing transaction at commit and announced with NOTIFY table_versions,
-- so the orders and payments lists and stats can be cached per version
-- (server/services/versioned-json-cache.ts). TRUNCATE keeps a statement trigger.
INSERT INTO table_versions (name, version) VALUES ('orders', 0), ('payments', 0)
  ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER orders_version_trg AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION table_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_version_commit_trg AFTER INSERT OR UPDATE OR DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION table_version_bump_once();--> statement-breakpoint
CREATE TRIGGER payments_version_trg AFTER TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION table_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payments_version_commit_trg AFTER INSERT OR UPDATE OR DELETE ON payments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION table_version_bump_once();
