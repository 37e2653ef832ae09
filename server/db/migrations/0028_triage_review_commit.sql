ALTER TABLE "verification_history" ADD COLUMN "review_commit" text;--> statement-breakpoint
CREATE INDEX "verification_history_verified_at_idx" ON "verification_history" USING btree ("verified_at");--> statement-breakpoint
CREATE INDEX "verification_history_queue_entry_idx" ON "verification_history" USING btree ("project_id","verified_at") WHERE "verification_history"."status" in ('pending', 'under_review')
    and ("verification_history"."previous_status" is null or "verification_history"."previous_status" not in ('pending', 'under_review'));