-- Presence (decision 045): who has which record open, one row per admin and record, upserted by
-- each heartbeat; rows not seen for PRESENCE_TTL_MS are ignored by reads and swept by a background job.
CREATE TABLE "presence" (
	"admin_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"section" text,
	"since" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "presence_admin_id_entity_type_entity_id_pk" PRIMARY KEY("admin_id","entity_type","entity_id")
);
--> statement-breakpoint
ALTER TABLE "presence" ADD CONSTRAINT "presence_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presence_entity_idx" ON "presence" USING btree ("entity_type","entity_id");
