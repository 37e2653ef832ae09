CREATE INDEX "contacts_dashboard_idx" ON "contacts" USING btree ("status","is_read","created_at");--> statement-breakpoint
CREATE INDEX "payments_completed_amount_idx" ON "payments" USING btree ("amount_paise") WHERE "payments"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "projects_dashboard_idx" ON "projects" USING btree ("category","is_active","price_paise","created_at");