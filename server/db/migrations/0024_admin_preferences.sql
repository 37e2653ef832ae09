CREATE TABLE "admin_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"single_key_shortcuts" boolean,
	"reason_templates" jsonb,
	"recent_commands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recent_records" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_preferences" ADD CONSTRAINT "admin_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;