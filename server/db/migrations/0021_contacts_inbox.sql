-- Contacts inbox (issue 11). is_read becomes derived from the status (GENERATED ... STORED), so
-- status and read state can never disagree ('new' is the only unread status); dropping the old
-- column drops contacts_dashboard_idx with it, rebuilt below; contacts_unread_idx is not: "unread"
-- is status = 'new', served by contacts_status_created_idx. client_ip (the public form's rows) and
-- reply_claimed_at (a reply being mailed) are new; search_text, the table version and the
-- per-status counts are below, after the generated statements.
CREATE TABLE "contact_status_counts" (
	"status" "contact_status" PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "contacts_unread_idx";--> statement-breakpoint
DROP INDEX "contacts_created_at_idx";--> statement-breakpoint
DROP INDEX "contacts_status_created_idx";--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "is_read" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "contacts" drop column "is_read";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "is_read" boolean GENERATED ALWAYS AS (status <> 'new') STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_dashboard_idx" ON "contacts" USING btree ("status","is_read","created_at");--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "reply_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_client_ip_idx" ON "contacts" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "contacts_created_at_idx" ON "contacts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_status_created_idx" ON "contacts" USING btree ("status","created_at","id");--> statement-breakpoint
-- Contacts search: lower(name, e-mail, subject, message) joined by chr(31), a character no search
-- can contain (textSchema refuses control characters), so a term never matches across two fields.
-- Kept by a BEFORE trigger on the row itself; served by contacts_search_trgm_idx (as 0017 for orders).
CREATE FUNCTION contacts_search_text_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(NEW.name || chr(31) || NEW.email || chr(31) || coalesce(NEW.subject, '') || chr(31) || NEW.message);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER contacts_search_text_fill BEFORE INSERT OR UPDATE OF name, email, subject, message ON contacts
  FOR EACH ROW EXECUTE FUNCTION contacts_search_text_fill();--> statement-breakpoint
UPDATE contacts SET name = name;--> statement-breakpoint
-- Table version 'contacts' (decision 004, as 0019): bumped once per writing transaction at commit
-- and announced with NOTIFY table_versions, so the contacts pages and stats are cached per version.
INSERT INTO table_versions (name, version) VALUES ('contacts', 0) ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER contacts_version_trg AFTER TRUNCATE ON contacts
  FOR EACH STATEMENT EXECUTE FUNCTION table_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER contacts_version_commit_trg AFTER INSERT OR UPDATE OR DELETE ON contacts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION table_version_bump_once();--> statement-breakpoint
-- Exact counts per contact status (as 0020 for orders): the stats, the dashboard and the total of
-- a list filtered by status alone read four rows instead of counting every contact. Statement
-- triggers apply what a statement inserted and removed, per status, in the writing transaction, in
-- key order; an update that changes no status writes nothing.
CREATE OR REPLACE FUNCTION contact_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO contact_status_counts AS c (status, n)
      SELECT status, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO contact_status_counts AS c (status, n)
      SELECT status, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO contact_status_counts AS c (status, n)
      SELECT status, sum(delta) FROM (
        SELECT status, 1 AS delta FROM new_rows UNION ALL SELECT status, -1 FROM old_rows) AS d
      GROUP BY 1 HAVING sum(delta) <> 0 ORDER BY 1
      ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION contact_status_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contact_status_counts;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER contact_status_counts_insert_trg AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_status_counts_apply();--> statement-breakpoint
CREATE TRIGGER contact_status_counts_update_trg AFTER UPDATE ON contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_status_counts_apply();--> statement-breakpoint
CREATE TRIGGER contact_status_counts_delete_trg AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_status_counts_apply();--> statement-breakpoint
CREATE TRIGGER contact_status_counts_truncate_trg AFTER TRUNCATE ON contacts
  FOR EACH STATEMENT EXECUTE FUNCTION contact_status_counts_truncate();--> statement-breakpoint
INSERT INTO contact_status_counts (status, n) SELECT status, count(*) FROM contacts GROUP BY 1;
