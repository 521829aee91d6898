DROP INDEX "campaigns_client_created_idx";--> statement-breakpoint
DROP INDEX "campaigns_status_created_idx";--> statement-breakpoint
DROP INDEX "influencers_active_created_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_applications_one_accepted" ON "campaign_applications" USING btree ("campaign_id") WHERE "campaign_applications"."status" = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_live_per_campaign" ON "orders" USING btree ("campaign_id") WHERE "orders"."status" <> 'canceled';--> statement-breakpoint
CREATE INDEX "campaigns_client_created_idx" ON "campaigns" USING btree ("client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_status_created_idx" ON "campaigns" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "influencers_active_created_idx" ON "influencers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "influencers"."is_active";