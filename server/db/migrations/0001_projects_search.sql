ALTER TABLE "projects" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "projects_search_text_trgm_idx" ON "projects" USING gin ("search_text" gin_trgm_ops);