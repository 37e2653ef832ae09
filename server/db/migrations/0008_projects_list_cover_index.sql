-- The list's filter columns in the order of projects_category_status_created_idx, with is_active
-- and search_text included, so a filtered search finds its page ids and its exact count(*) by an
-- index-only scan (LIKE evaluated on the index tuple, no heap visit per candidate). Measured at
-- 100,000 projects: count 5-7 ms -> 0.8-3.4 ms, page ids for a term without matches 3.1 -> 0.8 ms.
CREATE INDEX IF NOT EXISTS "projects_list_cover_idx" ON "projects"
  USING btree ("category", "verification_status", "created_at", "id") INCLUDE ("is_active", "search_text");
