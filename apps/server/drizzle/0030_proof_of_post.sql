CREATE TABLE "post_checks" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"platform" text NOT NULL,
	"post_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"handle" text,
	"published_at" timestamp with time zone,
	"views" integer,
	"likes" integer,
	"comments" integer,
	"checked_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"rechecks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_checks_status_check" CHECK ("post_checks"."status" in ('verified', 'not_owned', 'not_found', 'unchecked')),
	CONSTRAINT "post_checks_platform_check" CHECK ("post_checks"."platform" in ('youtube', 'tiktok', 'instagram'))
);
--> statement-breakpoint
ALTER TABLE "post_checks" ADD CONSTRAINT "post_checks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_checks_unchecked_idx" ON "post_checks" USING btree ("checked_at") WHERE "post_checks"."reason" = 'platform_unavailable';--> statement-breakpoint
-- The campaign page shows the check (read cache, migration 0018): its changes forget cached answers.
CREATE TRIGGER post_checks_read_cache AFTER INSERT OR UPDATE OR DELETE ON "post_checks"
  FOR EACH ROW EXECUTE FUNCTION notify_read_cache();--> statement-breakpoint
CREATE TRIGGER post_checks_read_cache_truncate AFTER TRUNCATE ON "post_checks"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_cache();
