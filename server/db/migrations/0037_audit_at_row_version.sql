-- Decision 041: a trigger's audit row of a change that set the row's version (updated_at) is
-- stamped with that version, as the app's own audit rows of versioned writes are, so "the changes
-- since version V" of a record are its audit rows after V and never include the write that made V
-- (the app's clock sets updated_at; now() is the database's clock at the transaction's start).
-- A change that leaves updated_at as it was, and every DELETE, keep now().
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END;
  after_row jsonb := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END;
  columns text[] := TG_ARGV[1:];
  action text := TG_ARGV[0] || '.' || lower(TG_OP);
  at timestamptz := now();
BEGIN
  IF after_row ? 'updated_at' AND (before_row IS NULL OR before_row -> 'updated_at' IS DISTINCT FROM after_row -> 'updated_at') THEN
    at := (after_row ->> 'updated_at')::timestamptz;
  END IF;
  before_row := before_row - 'updated_at';
  after_row := after_row - 'updated_at';
  IF array_length(columns, 1) IS NOT NULL THEN
    -- Only the named columns are recorded (users: the role and status flags).
    SELECT jsonb_object_agg(k, before_row -> k) INTO before_row FROM unnest(columns) AS k;
    SELECT jsonb_object_agg(k, after_row -> k) INTO after_row FROM unnest(columns) AS k;
    action := TG_ARGV[0];
  END IF;
  IF TG_OP = 'UPDATE' AND before_row = after_row THEN RETURN NULL; END IF;
  INSERT INTO audit_log (actor_id, action, entity_type, entity_id, before, after, ip, created_at)
  VALUES (nullif(current_setting('app.audit_actor', true), '')::uuid, action, TG_TABLE_NAME,
    coalesce(after_row, before_row) ->> 'id', before_row, after_row,
    nullif(current_setting('app.audit_ip', true), ''), at);
  RETURN NULL;
END;
$$;
