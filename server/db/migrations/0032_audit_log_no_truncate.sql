-- The audit log refuses TRUNCATE too: the row trigger of 0010 refuses UPDATE and DELETE, but
-- TRUNCATE fires no row triggers, so `TRUNCATE audit_log` emptied it. A statement trigger BEFORE
-- TRUNCATE raises for every role. What it cannot stop: the table's owner (or a superuser) may
-- disable the trigger or drop the table; SECURITY.md says how to run the servers as a role that
-- does not own it.
CREATE OR REPLACE FUNCTION audit_log_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: TRUNCATE refused' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_log_no_truncate_trg ON audit_log;--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate_trg BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_truncate();
