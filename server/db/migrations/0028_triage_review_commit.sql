ALTER TABLE "verification_history" ADD COLUMN "review_commit" text;--> statement-breakpoint
CREATE INDEX "verification_history_verified_at_idx" ON "verification_history" USING btree ("verified_at");