-- The rights of the role the servers connect as, run by the role that owns the tables (the one
-- `npm run db:migrate` runs as) after every migration: data, not schema. Without ownership the
-- servers cannot disable the audit log's triggers, truncate or drop it (SECURITY.md "Audit").
-- psql -v app_role=console_app -f server/db/roles/grant-app-role.sql "$OWNER_DATABASE_URL"
GRANT USAGE ON SCHEMA public, drizzle TO :"app_role";
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app_role";
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO :"app_role";
GRANT SELECT ON drizzle.__drizzle_migrations TO :"app_role";
-- Tables and sequences later migrations create get the same rights.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app_role";
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO :"app_role";
