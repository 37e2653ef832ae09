-- What a search of projects reads, in a table of its own (issue 8, BENCHMARKS.md "Load"). Under
-- write load every status, active or price update of a project was a non-HOT update that also
-- inserted ~300 trigram entries into the GIN pending list of projects: the list grew, dead tuples
-- piled up, and the exact count of a search became a LIKE over every row (4-5 ms a call, a
-- quarter of PostgreSQL's time in the load bench). project_search holds per project its search
-- text (trigram-indexed), created_at and copies of the list's filter columns, written by the
-- triggers below in the same transaction: text edits rewrite the row; status, active and category
-- changes update unindexed columns here, which are HOT updates (fillfactor 80 leaves room), so
-- the trigram index only changes with the text. A search's page ids and count read this table only.
-- The trigram index has no pending list (fastupdate off): with text edits rare, entries go straight
-- into the index, and a search never scans a list of recent entries that only VACUUM flushes (PGlite
-- runs no autovacuum; 100,000 inserted projects left a search's index scan at 2.2 ms instead of 0.2).
CREATE TABLE "project_search" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"is_active" boolean NOT NULL,
	"category" text NOT NULL,
	"verification_status" "verification_status" NOT NULL,
	"search_text" text NOT NULL
) WITH (fillfactor = 80);
--> statement-breakpoint
INSERT INTO "project_search" ("project_id", "created_at", "is_active", "category", "verification_status", "search_text")
  SELECT "id", "created_at", "is_active", "category", "verification_status", "search_text" FROM "projects";--> statement-breakpoint
DROP INDEX "projects_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "project_search" ADD CONSTRAINT "project_search_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_search_text_trgm_idx" ON "project_search" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "project_search_created_idx" ON "project_search" USING btree ("created_at","project_id");--> statement-breakpoint
-- Inserted with the project; updated when one of the copied columns changed (the WHEN sees NEW
-- after projects_search_text_trg has recomputed search_text); removed with it by the foreign key.
CREATE FUNCTION project_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_search (project_id, created_at, is_active, category, verification_status, search_text)
    VALUES (NEW.id, NEW.created_at, NEW.is_active, NEW.category, NEW.verification_status, NEW.search_text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION project_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE project_search SET created_at = NEW.created_at, is_active = NEW.is_active,
    category = NEW.category, verification_status = NEW.verification_status, search_text = NEW.search_text
    WHERE project_id = OLD.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER project_search_insert AFTER INSERT ON projects
  FOR EACH ROW EXECUTE FUNCTION project_search_insert();--> statement-breakpoint
CREATE TRIGGER project_search_update AFTER UPDATE ON projects
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.category IS DISTINCT FROM NEW.category OR OLD.verification_status IS DISTINCT FROM NEW.verification_status
    OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION project_search_update();--> statement-breakpoint
-- Searches no longer read projects, so the list's covering index stops carrying search_text:
-- each non-HOT update of a project writes a small tuple there instead of one with ~360 bytes of text.
DROP INDEX "projects_list_cover_idx";--> statement-breakpoint
CREATE INDEX "projects_list_cover_idx" ON "projects"
  USING btree ("category", "verification_status", "created_at", "id") INCLUDE ("is_active");
