CREATE TABLE "table_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "projects_category_status_created_idx" ON "projects" USING btree ("category","verification_status","created_at");