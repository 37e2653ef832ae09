-- What a decision's mail to the project owner came to (decision 048), recorded on its history entry
-- by the 'decision-mail' job of the queue (decision 047): sent, notifications_off, no_owner or failed.
ALTER TABLE "verification_history" ADD COLUMN "owner_notice" text;--> statement-breakpoint
ALTER TABLE "verification_history" ADD COLUMN "owner_notice_at" timestamp with time zone;
