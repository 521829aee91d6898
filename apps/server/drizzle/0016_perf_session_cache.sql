-- Custom migration (not generated from the schema): every instance keeps a short-lived cache of session → person
-- (apps/server/src/features/auth/session-cache.ts). Whatever ends or changes a session, or changes a person's account
-- or profile row, by whichever code or by hand, tells every instance to forget that person's cached sessions. The
-- payload is the user id; NOTIFY leaves at commit (nothing on rollback) and repeats within one transaction merge.
CREATE OR REPLACE FUNCTION notify_session_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_cache', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_session_cache AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION notify_session_cache('user_id');--> statement-breakpoint
CREATE TRIGGER users_session_cache AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION notify_session_cache('id');--> statement-breakpoint
CREATE TRIGGER clients_session_cache AFTER UPDATE OR DELETE ON "clients"
  FOR EACH ROW EXECUTE FUNCTION notify_session_cache('user_id');--> statement-breakpoint
CREATE TRIGGER influencers_session_cache AFTER UPDATE OR DELETE ON "influencers"
  FOR EACH ROW EXECUTE FUNCTION notify_session_cache('user_id');
