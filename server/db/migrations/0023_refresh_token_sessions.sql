ALTER TABLE "refresh_tokens" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "refresh_user_live_idx" ON "refresh_tokens" USING btree ("user_id") WHERE rotated_at IS NULL AND revoked_at IS NULL;--> statement-breakpoint
-- Tokens issued before this migration: their issue time is their last use.
UPDATE "refresh_tokens" SET "last_used_at" = "created_at";
