CREATE TABLE "order_transitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"transition" text NOT NULL,
	"from_status" text NOT NULL,
	"from_work" text NOT NULL,
	"from_approval" text,
	"to_status" text NOT NULL,
	"to_work" text NOT NULL,
	"to_approval" text,
	"actor_role" text NOT NULL,
	"actor_user_id" text,
	"reason" text,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_work_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "capture_claimed_by" text;--> statement-breakpoint
ALTER TABLE "order_transitions" ADD CONSTRAINT "order_transitions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_transitions" ADD CONSTRAINT "order_transitions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_transitions_order_idx" ON "order_transitions" USING btree ("order_id","created_at","id");--> statement-breakpoint
CREATE INDEX "order_transitions_actor_idx" ON "order_transitions" USING btree ("actor_user_id");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('open', 'in_progress', 'completed', 'done', 'canceled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_work_status_check" CHECK ("orders"."work_status" in ('not_started', 'in_progress', 'completed'));