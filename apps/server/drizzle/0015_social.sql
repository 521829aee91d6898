-- The old social_verifications table was never written by the app; its rows (none) would not fit the new NOT NULL columns.
DELETE FROM "social_verifications";--> statement-breakpoint
ALTER TABLE "social_verifications" DROP CONSTRAINT "social_verifications_once";--> statement-breakpoint
ALTER TABLE "influencer_platforms" DROP CONSTRAINT "influencer_platforms_followers_check";--> statement-breakpoint
ALTER TABLE "social_verifications" ADD COLUMN "handle" text NOT NULL;--> statement-breakpoint
ALTER TABLE "social_verifications" ADD COLUMN "url" text NOT NULL;--> statement-breakpoint
ALTER TABLE "social_verifications" ADD COLUMN "account_id" text;--> statement-breakpoint
ALTER TABLE "social_verifications" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "social_verifications" ADD COLUMN "avatar_url" text;--> statement-breakpoint
ALTER TABLE "social_verifications" ADD COLUMN "follower_count" integer;--> statement-breakpoint
ALTER TABLE "social_verifications" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "social_verifications" ADD COLUMN "counts_refreshed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_verifications" ADD COLUMN "oauth_state" text;--> statement-breakpoint
ALTER TABLE "social_verifications" ADD COLUMN "oauth_verifier" text;--> statement-breakpoint
ALTER TABLE "social_verifications" ADD COLUMN "access_token_enc" text;--> statement-breakpoint
ALTER TABLE "social_verifications" ADD COLUMN "refresh_token_enc" text;--> statement-breakpoint
ALTER TABLE "social_verifications" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_verifications" ADD COLUMN "refresh_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_verifications" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "influencers" ADD COLUMN "verified_followers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "social_verifications_account_verified_uq" ON "social_verifications" USING btree ("platform","account_id") WHERE "social_verifications"."status" = 'verified';--> statement-breakpoint
CREATE UNIQUE INDEX "social_verifications_oauth_state_uq" ON "social_verifications" USING btree ("oauth_state");--> statement-breakpoint
CREATE INDEX "social_verifications_refresh_idx" ON "social_verifications" USING btree ("counts_refreshed_at") WHERE "social_verifications"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "influencers_active_verified_followers_idx" ON "influencers" USING btree ("verified_followers" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "influencers"."is_active";--> statement-breakpoint
ALTER TABLE "social_verifications" DROP COLUMN "platform_handle";--> statement-breakpoint
ALTER TABLE "social_verifications" DROP COLUMN "platform_url";--> statement-breakpoint
ALTER TABLE "social_verifications" DROP COLUMN "channel_id";--> statement-breakpoint
ALTER TABLE "social_verifications" DROP COLUMN "subscriber_count";--> statement-breakpoint
ALTER TABLE "social_verifications" DROP COLUMN "verification_code";--> statement-breakpoint
ALTER TABLE "influencer_platforms" DROP COLUMN "followers_count";--> statement-breakpoint
ALTER TABLE "social_verifications" ADD CONSTRAINT "social_verifications_influencer_platform_uq" UNIQUE("influencer_id","platform");--> statement-breakpoint
ALTER TABLE "social_verifications" ADD CONSTRAINT "social_verifications_platform_check" CHECK ("social_verifications"."platform" in ('youtube', 'tiktok', 'instagram'));--> statement-breakpoint
ALTER TABLE "social_verifications" ADD CONSTRAINT "social_verifications_counts_check" CHECK (coalesce("social_verifications"."follower_count", 0) >= 0 and coalesce("social_verifications"."video_count", 0) >= 0);