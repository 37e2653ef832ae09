CREATE INDEX "projects_title_idx" ON "projects" USING btree ("title","id");--> statement-breakpoint
ALTER TABLE "commission_configs" ADD CONSTRAINT "commission_rates_range_chk" CHECK (least("commission_configs"."project_owner_rate_bps", "commission_configs"."platform_owner_rate_bps", "commission_configs"."customizer_rate_bps",
    "commission_configs"."installation_support_rate_bps", "commission_configs"."referral_commission_rate_bps") >= 0);--> statement-breakpoint
ALTER TABLE "commission_configs" ADD CONSTRAINT "commission_rates_total_chk" CHECK ("commission_configs"."project_owner_rate_bps" + "commission_configs"."platform_owner_rate_bps" + "commission_configs"."customizer_rate_bps"
    + "commission_configs"."installation_support_rate_bps" + "commission_configs"."referral_commission_rate_bps" = 10000);--> statement-breakpoint
ALTER TABLE "commission_configs" ADD CONSTRAINT "commission_agent_discount_chk" CHECK ("commission_configs"."agent_discount_bps" BETWEEN 0 AND 5000);--> statement-breakpoint
ALTER TABLE "commission_configs" ADD CONSTRAINT "commission_student_commission_chk" CHECK ("commission_configs"."student_commission_bps" BETWEEN 0 AND 2000);--> statement-breakpoint
ALTER TABLE "commission_configs" ADD CONSTRAINT "commission_default_chk" CHECK (NOT "commission_configs"."is_default" OR ("commission_configs"."is_active" AND "commission_configs"."project_id" IS NULL));--> statement-breakpoint-- Table version of commission_configs (issue 12, decision 004, as 0019 does for orders and
-- payments): bumped once per writing transaction at commit and announced with NOTIFY
-- table_versions, so GET /api/commission/stats and the configurations list are cached per version
-- (server/services/versioned-json-cache.ts). The audit trigger of these rows is 0010's
-- commission_configs_audit_trg. TRUNCATE keeps a statement trigger.
INSERT INTO table_versions (name, version) VALUES ('commission_configs', 0)
  ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER commission_configs_version_trg AFTER TRUNCATE ON commission_configs
  FOR EACH STATEMENT EXECUTE FUNCTION table_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER commission_configs_version_commit_trg AFTER INSERT OR UPDATE OR DELETE ON commission_configs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION table_version_bump_once();
