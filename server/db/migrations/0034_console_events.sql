-- Live screens (decision 044): every audited change is announced on the channel `console_events`
-- as a ChangeEvent (src/api/schemas/live.ts) when its transaction commits, so a change made through
-- any server reaches the event streams of all of them (server/services/live-events.ts). One
-- statement trigger per INSERT reads the actors' names in one join. Entries that change nothing a
-- screen shows (sign-ins, failed codes, token reuse, step-ups, session revokes, password changes,
-- report downloads, a bank account revealed) are not announced; server/domain/live-events.ts keeps
-- the same list for the replay. Texts are cut so a payload stays far below NOTIFY's 8000 bytes.
CREATE OR REPLACE FUNCTION audit_log_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('console_events', json_build_object(
      'type', 'change',
      'id', r.id::text,
      'at', to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'action', left(r.action, 100),
      'entityType', left(r.entity_type, 100),
      'entityId', left(r.entity_id, 200),
      'actor', CASE WHEN r.actor_id IS NULL THEN NULL
        ELSE json_build_object('id', r.actor_id::text, 'name', left(coalesce(u.name, ''), 200)) END
    )::text)
  FROM new_rows AS r LEFT JOIN users AS u ON u.id = r.actor_id
  WHERE r.action NOT IN ('auth.sign_in', 'auth.otp_failed', 'auth.refresh_reuse', 'auth.step_up',
    'auth.session_revoke', 'auth.sessions_revoke_others', 'auth.password_change',
    'report.download', 'report.download_link', 'user.bank_account.reveal')
  ORDER BY r.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_log_announce_trg ON audit_log;--> statement-breakpoint
CREATE TRIGGER audit_log_announce_trg AFTER INSERT ON audit_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_log_announce();
