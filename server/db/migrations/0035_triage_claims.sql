-- Triage claims (decision 043): which moderator reviews a project in triage, until expires_at.
-- One row per project; a claim is taken or renewed by one INSERT … ON CONFLICT … WHERE statement
-- (db/queries/triage-claims.queries.ts), so two moderators can never both hold one. A decision
-- (any change of the project's verification status, from any route, in the change's own
-- transaction) ends the claim and announces it on console_events like the claim routes do.
CREATE TABLE "triage_claims" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"moderator_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "triage_claims" ADD CONSTRAINT "triage_claims_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_claims" ADD CONSTRAINT "triage_claims_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "triage_claims_expires_idx" ON "triage_claims" USING btree ("expires_at");--> statement-breakpoint
CREATE FUNCTION triage_claims_release() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM triage_claims WHERE project_id = NEW.id;
  IF FOUND THEN
    PERFORM pg_notify('console_events',
      json_build_object('type', 'claim', 'projectId', NEW.id, 'claim', NULL)::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER triage_claims_release AFTER UPDATE OF verification_status ON projects
  FOR EACH ROW WHEN (OLD.verification_status IS DISTINCT FROM NEW.verification_status)
  EXECUTE FUNCTION triage_claims_release();
