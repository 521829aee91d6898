CREATE TABLE "cancel_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"proposed_by_role" text NOT NULL,
	"proposed_by_user_id" text,
	"influencer_amount_minor" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_by_user_id" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancel_proposals_status_check" CHECK ("cancel_proposals"."status" in ('open', 'accepted', 'declined', 'withdrawn', 'void')),
	CONSTRAINT "cancel_proposals_role_check" CHECK ("cancel_proposals"."proposed_by_role" in ('client', 'influencer')),
	CONSTRAINT "cancel_proposals_amount_check" CHECK ("cancel_proposals"."influencer_amount_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deadline_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cancel_proposals" ADD CONSTRAINT "cancel_proposals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancel_proposals" ADD CONSTRAINT "cancel_proposals_proposed_by_user_id_users_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancel_proposals" ADD CONSTRAINT "cancel_proposals_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cancel_proposals_one_open_per_order" ON "cancel_proposals" USING btree ("order_id") WHERE "cancel_proposals"."status" = 'open';--> statement-breakpoint
CREATE INDEX "cancel_proposals_order_idx" ON "cancel_proposals" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "cancel_proposals_proposed_by_idx" ON "cancel_proposals" USING btree ("proposed_by_user_id");--> statement-breakpoint
CREATE INDEX "cancel_proposals_closed_by_idx" ON "cancel_proposals" USING btree ("closed_by_user_id");