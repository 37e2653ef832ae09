-- Searchable text in a table of its own (issue 8, BENCHMARKS.md "Load"): projects.search_text is
-- copied to project_search by the triggers below, only when it changes, and the trigram index
-- moves there. Under write load every status, active or price update of a project was a non-HOT
-- update that also inserted ~300 trigram entries into the GIN pending list of projects; the list
-- grew, and the exact count of a search fell back to LIKE over every row (4-5 ms a call, a quarter
-- of PostgreSQL's time in the load bench). Now those updates touch no trigram index, and a
-- search's count is a bitmap scan of a clean index. The list's covering index no longer carries
-- search_text (a search is an id semi-join now), so each non-HOT update also writes a smaller
-- index tuple there.
CREATE TABLE "project_search" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "project_search" ("project_id", "search_text") SELECT "id", "search_text" FROM "projects";--> statement-breakpoint
DROP INDEX "projects_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "project_search" ADD CONSTRAINT "project_search_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_search_text_trgm_idx" ON "project_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Inserted with the project; rewritten only when the text changed (the WHEN sees NEW after
-- projects_search_text_trg has recomputed it); removed with the project by the foreign key.
CREATE FUNCTION project_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_search (project_id, search_text) VALUES (NEW.id, NEW.search_text)
    ON CONFLICT (project_id) DO UPDATE SET search_text = EXCLUDED.search_text;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER project_search_insert AFTER INSERT ON projects
  FOR EACH ROW EXECUTE FUNCTION project_search_sync();--> statement-breakpoint
CREATE TRIGGER project_search_update AFTER UPDATE ON projects
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION project_search_sync();--> statement-breakpoint
DROP INDEX "projects_list_cover_idx";--> statement-breakpoint
CREATE INDEX "projects_list_cover_idx" ON "projects"
  USING btree ("category", "verification_status", "created_at", "id") INCLUDE ("is_active");
