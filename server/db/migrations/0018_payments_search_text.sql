-- Payments search (issue 10): paymentId, the order's number and transactionId, case-insensitive
-- substring. The order number lives in orders; this keeps the three denormalised in
-- payments.search_text (lower-cased, separated by chr(31)) with a trigram index, like 0017 for
-- orders. Triggers keep it exact: on payments when those fields or the order change (FK SET NULL
-- on an order's delete is such an update), and on orders when an order number changes.
ALTER TABLE "payments" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION payments_search_text_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(NEW.payment_id || chr(31)
    || coalesce((SELECT o.order_id FROM orders o WHERE o.id = NEW.order_id), '')
    || chr(31) || coalesce(NEW.transaction_id, ''));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER payments_search_text_fill BEFORE INSERT OR UPDATE OF payment_id, order_id, transaction_id ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_search_text_fill();--> statement-breakpoint
CREATE FUNCTION payments_search_text_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payments SET order_id = order_id WHERE order_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER payments_search_text_order AFTER UPDATE OF order_id ON orders
  FOR EACH ROW WHEN (OLD.order_id IS DISTINCT FROM NEW.order_id)
  EXECUTE FUNCTION payments_search_text_order();--> statement-breakpoint
UPDATE payments SET payment_id = payment_id;--> statement-breakpoint
CREATE INDEX "payments_search_trgm_idx" ON "payments" USING gin ("search_text" gin_trgm_ops);
