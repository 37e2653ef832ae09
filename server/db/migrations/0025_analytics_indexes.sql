-- Analytics (issue 13, db/queries/analytics.queries.ts): completed payments by created_at (revenue of a
-- period and per month), completed orders by created_at (per project) and by customer (retention),
-- each an index-only scan; partial, so only completed rows pay for them on writes.
CREATE INDEX "orders_completed_created_idx" ON "orders" USING btree ("created_at","project_id","total_amount_paise") WHERE "orders"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "orders_completed_user_idx" ON "orders" USING btree ("user_id","created_at") WHERE "orders"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "payments_completed_created_idx" ON "payments" USING btree ("created_at","amount_paise") WHERE "payments"."status" = 'completed';