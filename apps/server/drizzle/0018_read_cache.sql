-- Custom migration (not generated from the schema): every instance keeps the answers of the hottest reads (campaign
-- list and detail, the directory, the chat list, the unread count) for a few seconds per viewer
-- (apps/server/src/lib/read-cache.ts). Whatever changes a table those reads depend on, by whichever code or by hand,
-- tells every instance which table changed; each forgets the answers that read it. Row triggers so a statement that
-- changes nothing says nothing (NOTIFY merges repeats within a transaction and leaves at commit, nothing on
-- rollback); a statement trigger for TRUNCATE, which has no rows.
CREATE OR REPLACE FUNCTION notify_read_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('read_cache', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_read_cache AFTER INSERT OR UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER users_read_cache_truncate AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER clients_read_cache AFTER INSERT OR UPDATE OR DELETE ON "clients"
  FOR EACH ROW EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER clients_read_cache_truncate AFTER TRUNCATE ON "clients"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER influencers_read_cache AFTER INSERT OR UPDATE OR DELETE ON "influencers"
  FOR EACH ROW EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER influencers_read_cache_truncate AFTER TRUNCATE ON "influencers"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER categories_read_cache AFTER INSERT OR UPDATE OR DELETE ON "categories"
  FOR EACH ROW EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER categories_read_cache_truncate AFTER TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER influencer_categories_read_cache AFTER INSERT OR UPDATE OR DELETE ON "influencer_categories"
  FOR EACH ROW EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER influencer_categories_read_cache_truncate AFTER TRUNCATE ON "influencer_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER influencer_platforms_read_cache AFTER INSERT OR UPDATE OR DELETE ON "influencer_platforms"
  FOR EACH ROW EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER influencer_platforms_read_cache_truncate AFTER TRUNCATE ON "influencer_platforms"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER influencer_platform_categories_read_cache AFTER INSERT OR UPDATE OR DELETE ON "influencer_platform_categories"
  FOR EACH ROW EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER influencer_platform_categories_read_cache_truncate AFTER TRUNCATE ON "influencer_platform_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER social_verifications_read_cache AFTER INSERT OR UPDATE OR DELETE ON "social_verifications"
  FOR EACH ROW EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER social_verifications_read_cache_truncate AFTER TRUNCATE ON "social_verifications"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER campaigns_read_cache AFTER INSERT OR UPDATE OR DELETE ON "campaigns"
  FOR EACH ROW EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER campaigns_read_cache_truncate AFTER TRUNCATE ON "campaigns"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER campaign_applications_read_cache AFTER INSERT OR UPDATE OR DELETE ON "campaign_applications"
  FOR EACH ROW EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER campaign_applications_read_cache_truncate AFTER TRUNCATE ON "campaign_applications"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER campaign_invitations_read_cache AFTER INSERT OR UPDATE OR DELETE ON "campaign_invitations"
  FOR EACH ROW EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER campaign_invitations_read_cache_truncate AFTER TRUNCATE ON "campaign_invitations"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER orders_read_cache AFTER INSERT OR UPDATE OR DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER orders_read_cache_truncate AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER payments_read_cache AFTER INSERT OR UPDATE OR DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER payments_read_cache_truncate AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER ratings_read_cache AFTER INSERT OR UPDATE OR DELETE ON "ratings"
  FOR EACH ROW EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER ratings_read_cache_truncate AFTER TRUNCATE ON "ratings"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER chats_read_cache AFTER INSERT OR UPDATE OR DELETE ON "chats"
  FOR EACH ROW EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER chats_read_cache_truncate AFTER TRUNCATE ON "chats"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER messages_read_cache AFTER INSERT OR UPDATE OR DELETE ON "messages"
  FOR EACH ROW EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER messages_read_cache_truncate AFTER TRUNCATE ON "messages"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER message_read_status_read_cache AFTER INSERT OR UPDATE OR DELETE ON "message_read_status"
  FOR EACH ROW EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER message_read_status_read_cache_truncate AFTER TRUNCATE ON "message_read_status"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
