-- Orders search (issue 10): the list searches order number, record id, customer name and e-mail
-- and project title. Those live in three tables; a LIKE over the join reads every order. This
-- keeps them denormalised in orders.search_text (lower-cased, fields separated by chr(31), which
-- no search term can contain) with a trigram index. Triggers keep it exact: on orders when the
-- number, customer or project changes (FK SET NULL on delete is such an update), on users when a
-- name or e-mail changes, on projects when a title changes (both touch the orders concerned).
ALTER TABLE "orders" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION orders_search_text_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(NEW.order_id || chr(31) || NEW.id::text || chr(31)
    || coalesce((SELECT u.name || chr(31) || u.email FROM users u WHERE u.id = NEW.user_id), chr(31))
    || chr(31) || coalesce((SELECT p.title FROM projects p WHERE p.id = NEW.project_id), ''));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_search_text_fill BEFORE INSERT OR UPDATE OF order_id, user_id, project_id ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_search_text_fill();--> statement-breakpoint
CREATE FUNCTION orders_search_text_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET user_id = user_id WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_search_text_user AFTER UPDATE OF name, email ON users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION orders_search_text_user();--> statement-breakpoint
CREATE FUNCTION orders_search_text_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET project_id = project_id WHERE project_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_search_text_project AFTER UPDATE OF title ON projects
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION orders_search_text_project();--> statement-breakpoint
UPDATE orders SET order_id = order_id;--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);
