DROP INDEX "audit_entity_idx";--> statement-breakpoint
DROP INDEX "audit_created_at_idx";--> statement-breakpoint
CREATE INDEX "audit_entity_type_idx" ON "audit_log" USING btree ("entity_type","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_actor_idx" ON "audit_log" USING btree ("actor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_action_idx" ON "audit_log" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_action_family_idx" ON "audit_log" USING btree (split_part("action", '.', 1),"created_at","id");--> statement-breakpoint
CREATE INDEX "audit_entity_id_trgm_idx" ON "audit_log" USING gin (lower("entity_id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_created_at_idx" ON "audit_log" USING btree ("created_at","id");