CREATE TABLE "order_status_counts" (
	"status" "order_status" PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_status_totals" (
	"status" "payment_status" PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL,
	"amount_paise" bigint NOT NULL
);
--> statement-breakpoint
-- Exact counts per order status and count + amount per payment status (issue 10, BENCHMARKS.md
-- "Orders and payments"): the stats of both screens and the total of a list filtered by status
-- alone read a handful of rows instead of counting a million. Statement triggers add what a
-- statement inserted and subtract what it removed, per status, in the writing transaction (as
-- 0013/0015 do for projects and users), so a reader sees the counts of its own snapshot. Statuses
-- are upserted in key order (no deadlock cycle between two writers); an update that changes no
-- status (and no amount) writes nothing.
CREATE OR REPLACE FUNCTION order_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_status_counts AS c (status, n)
      SELECT status, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_status_counts AS c (status, n)
      SELECT status, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO order_status_counts AS c (status, n)
      SELECT status, sum(delta) FROM (
        SELECT status, 1 AS delta FROM new_rows UNION ALL SELECT status, -1 FROM old_rows) AS d
      GROUP BY 1 HAVING sum(delta) <> 0 ORDER BY 1
      ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_status_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO payment_status_totals AS c (status, n, amount_paise)
      SELECT status, count(*), sum(amount_paise) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n, amount_paise = c.amount_paise + excluded.amount_paise;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO payment_status_totals AS c (status, n, amount_paise)
      SELECT status, -count(*), -sum(amount_paise) FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n, amount_paise = c.amount_paise + excluded.amount_paise;
  ELSE
    INSERT INTO payment_status_totals AS c (status, n, amount_paise)
      SELECT status, sum(dn), sum(dp) FROM (
        SELECT status, 1 AS dn, amount_paise AS dp FROM new_rows
        UNION ALL SELECT status, -1, -amount_paise FROM old_rows) AS d
      GROUP BY 1 HAVING sum(dn) <> 0 OR sum(dp) <> 0 ORDER BY 1
      ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n, amount_paise = c.amount_paise + excluded.amount_paise;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_payment_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    DELETE FROM order_status_counts;
  ELSE
    DELETE FROM payment_status_totals;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER order_status_counts_insert_trg AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_apply();--> statement-breakpoint
CREATE TRIGGER order_status_counts_update_trg AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_apply();--> statement-breakpoint
CREATE TRIGGER order_status_counts_delete_trg AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_apply();--> statement-breakpoint
CREATE TRIGGER order_status_counts_truncate_trg AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_payment_totals_truncate();--> statement-breakpoint
CREATE TRIGGER payment_status_totals_insert_trg AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_status_totals_apply();--> statement-breakpoint
CREATE TRIGGER payment_status_totals_update_trg AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_status_totals_apply();--> statement-breakpoint
CREATE TRIGGER payment_status_totals_delete_trg AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_status_totals_apply();--> statement-breakpoint
CREATE TRIGGER payment_status_totals_truncate_trg AFTER TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION order_payment_totals_truncate();--> statement-breakpoint
INSERT INTO order_status_counts (status, n) SELECT status, count(*) FROM orders GROUP BY 1;--> statement-breakpoint
INSERT INTO payment_status_totals (status, n, amount_paise) SELECT status, count(*), sum(amount_paise) FROM payments GROUP BY 1;
