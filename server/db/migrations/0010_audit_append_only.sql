-- The audit log is append-only (issue 8): rows can be inserted, never changed or removed. A
-- trigger refuses UPDATE and DELETE for every role, so neither a bug nor an injected statement can
-- rewrite history; the actor keeps its id after the user is gone, hence no foreign key (ON DELETE
-- SET NULL would be an UPDATE). TRUNCATE stays possible: it is the operator's reset of a whole
-- database (`npm run seed -- --reset`), not a change of recorded rows.
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_id_users_id_fk";--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_log_append_only_trg ON audit_log;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only_trg BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
-- Role, commission and payment changes are audited by the database itself, whichever code path
-- makes them (routes of later issues, the bootstrap admin's promotion, a script). The actor and
-- IP come from transaction-local settings (server/db/queries/audit.queries.ts setAuditActor);
-- without them the row says actor null: a change not made through the API.
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) - 'updated_at' END;
  after_row jsonb := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) - 'updated_at' END;
  columns text[] := TG_ARGV[1:];
  action text := TG_ARGV[0] || '.' || lower(TG_OP);
BEGIN
  IF array_length(columns, 1) IS NOT NULL THEN
    -- Only the named columns are recorded (users: the role and status flags).
    SELECT jsonb_object_agg(k, before_row -> k) INTO before_row FROM unnest(columns) AS k;
    SELECT jsonb_object_agg(k, after_row -> k) INTO after_row FROM unnest(columns) AS k;
    action := TG_ARGV[0];
  END IF;
  IF TG_OP = 'UPDATE' AND before_row = after_row THEN RETURN NULL; END IF;
  INSERT INTO audit_log (actor_id, action, entity_type, entity_id, before, after, ip)
  VALUES (nullif(current_setting('app.audit_actor', true), '')::uuid, action, TG_TABLE_NAME,
    coalesce(after_row, before_row) ->> 'id', before_row, after_row,
    nullif(current_setting('app.audit_ip', true), ''));
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS users_role_audit_trg ON users;--> statement-breakpoint
CREATE TRIGGER users_role_audit_trg AFTER UPDATE OF is_admin, is_active, is_agent, agent_status ON users
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('user.role_change', 'id', 'is_admin', 'is_active', 'is_agent', 'agent_status');--> statement-breakpoint
DROP TRIGGER IF EXISTS commission_configs_audit_trg ON commission_configs;--> statement-breakpoint
CREATE TRIGGER commission_configs_audit_trg AFTER INSERT OR UPDATE OR DELETE ON commission_configs
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('commission');--> statement-breakpoint
DROP TRIGGER IF EXISTS payments_audit_trg ON payments;--> statement-breakpoint
CREATE TRIGGER payments_audit_trg AFTER UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('payment');
