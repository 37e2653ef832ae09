-- Source reports (decision 046): one per analysed commit of a project's repository, written by the
-- 'source-report' job of the queue (decision 047); risk_weight is kept beside the report for sorting.
CREATE TABLE "source_reports" (
	"project_id" uuid NOT NULL,
	"commit_sha" text NOT NULL,
	"report" jsonb NOT NULL,
	"risk_weight" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "source_reports_project_id_commit_sha_pk" PRIMARY KEY("project_id","commit_sha")
);
--> statement-breakpoint
ALTER TABLE "source_reports" ADD CONSTRAINT "source_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "source_reports_project_created_idx" ON "source_reports" USING btree ("project_id","created_at");