DROP INDEX "chats_client_idx";--> statement-breakpoint
DROP INDEX "chats_influencer_idx";--> statement-breakpoint
DROP INDEX "campaign_invitations_influencer_idx";--> statement-breakpoint
DROP INDEX "orders_influencer_created_idx";--> statement-breakpoint
CREATE INDEX "chats_client_idx" ON "chats" USING btree ("client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chats_influencer_idx" ON "chats" USING btree ("influencer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaign_invitations_influencer_idx" ON "campaign_invitations" USING btree ("influencer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_influencer_created_idx" ON "orders" USING btree ("influencer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);