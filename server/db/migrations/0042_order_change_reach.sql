-- What a write to orders changed, announced with its version (docs/decisions/054): the orders
-- and payments caches keep every page and total the write cannot reach instead of discarding
-- all of them (server/domain/row-changes.ts reads the list).
--
-- Statement triggers with transition tables describe each changed row as one entry
-- '<id>:<created_at, µs since the epoch>:<status before>:<status after>[:s]' (a side is empty
-- for an insert or a delete; ':s' when search_text changed; a row whose created_at or id changed
-- is a delete and an insert) and append it to the transaction-local setting table_changes.orders.
-- Past 80 entries (about 80 bytes each) the setting becomes '*' (reaches everything), keeping
-- the NOTIFY payload under its 8,000 bytes. 0012's deferred bump runs at commit, after every statement, and sends
-- 'orders:<version>|<entries or *>'; tables without a change list keep 'name:version'.
CREATE OR REPLACE FUNCTION table_changes_add(tbl text, n bigint, entries text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  list_name text := 'table_changes.' || tbl;
  count_name text := 'table_changes.' || tbl || '_n';
  list text := coalesce(current_setting(list_name, true), '');
  total bigint := coalesce(nullif(current_setting(count_name, true), '')::bigint, 0) + n;
BEGIN
  IF n = 0 OR list = '*' THEN
    RETURN;
  END IF;
  IF total > 80 OR entries IS NULL THEN
    PERFORM set_config(list_name, '*', true);
    RETURN;
  END IF;
  PERFORM set_config(count_name, total::text, true);
  PERFORM set_config(list_name, CASE WHEN list = '' THEN entries ELSE list || ',' || entries END, true);
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_change_entry(id uuid, at timestamptz, before text, after text, search_changed boolean)
  RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT id::text || ':' || (extract(epoch FROM at) * 1000000)::bigint::text || ':' || coalesce(before, '') || ':' || coalesce(after, '')
    || CASE WHEN search_changed THEN ':s' ELSE '' END
$$;--> statement-breakpoint
-- One function for the three statement triggers: PL/pgSQL compiles a trigger function per
-- trigger, and each branch reads only the transition tables its event has.
CREATE OR REPLACE FUNCTION orders_change_list() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  entries text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO n FROM (SELECT 1 FROM new_rows LIMIT 81) AS first_rows;
  ELSE
    SELECT count(*) INTO n FROM (SELECT 1 FROM old_rows LIMIT 81) AS first_rows;
  END IF;
  IF n > 80 THEN
    PERFORM table_changes_add('orders', n, NULL);
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(order_change_entry(r.id, r.created_at, NULL, r.status::text, false), ',') INTO entries FROM new_rows AS r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(order_change_entry(r.id, r.created_at, r.status::text, NULL, false), ',') INTO entries FROM old_rows AS r;
  ELSE
    SELECT count(*), string_agg(entry, ',') INTO n, entries FROM (
      SELECT order_change_entry(o.id, o.created_at, o.status::text, r.status::text, o.search_text IS DISTINCT FROM r.search_text) AS entry
        FROM old_rows AS o JOIN new_rows AS r ON r.id = o.id AND r.created_at = o.created_at
      UNION ALL
      SELECT order_change_entry(o.id, o.created_at, o.status::text, NULL, false)
        FROM old_rows AS o WHERE NOT EXISTS (SELECT 1 FROM new_rows AS r WHERE r.id = o.id AND r.created_at = o.created_at)
      UNION ALL
      SELECT order_change_entry(r.id, r.created_at, NULL, r.status::text, false)
        FROM new_rows AS r WHERE NOT EXISTS (SELECT 1 FROM old_rows AS o WHERE o.id = r.id AND o.created_at = r.created_at)
    ) AS changed;
  END IF;
  PERFORM table_changes_add('orders', n, entries);
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_changes_insert_trg ON orders;--> statement-breakpoint
CREATE TRIGGER orders_changes_insert_trg AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_change_list();--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_changes_update_trg ON orders;--> statement-breakpoint
CREATE TRIGGER orders_changes_update_trg AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_change_list();--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_changes_delete_trg ON orders;--> statement-breakpoint
CREATE TRIGGER orders_changes_delete_trg AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_change_list();--> statement-breakpoint
CREATE OR REPLACE FUNCTION table_version_bump_once() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  flag text := 'table_versions.bumped_' || TG_TABLE_NAME;
  changes text := nullif(current_setting('table_changes.' || TG_TABLE_NAME, true), '');
  next_version bigint;
BEGIN
  IF current_setting(flag, true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config(flag, 'on', true);
  UPDATE table_versions SET version = version + 1 WHERE name = TG_TABLE_NAME RETURNING version INTO next_version;
  PERFORM pg_notify('table_versions', TG_TABLE_NAME || ':' || next_version || coalesce('|' || changes, ''));
  RETURN NULL;
END;
$$;
