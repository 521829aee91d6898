CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"commission_bps" integer NOT NULL,
	"trigger" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	CONSTRAINT "payout_batches_status_check" CHECK ("payout_batches"."status" in ('open', 'paid')),
	CONSTRAINT "payout_batches_commission_check" CHECK ("payout_batches"."commission_bps" between 0 and 10000),
	CONSTRAINT "payout_batches_paid_check" CHECK (("payout_batches"."status" = 'paid') = ("payout_batches"."paid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_once_per_period";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_amount_check";--> statement-breakpoint
ALTER TABLE "payout_items" ADD COLUMN "gross_minor" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_items" ADD COLUMN "commission_minor" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "batch_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "account_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "gross_minor" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "commission_minor" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_batches_created_idx" ON "payout_batches" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_approved_idx" ON "orders" USING btree ("approved_at") WHERE "orders"."approval_status" = 'approved';--> statement-breakpoint
CREATE INDEX "payouts_influencer_idx" ON "payouts" USING btree ("influencer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_once_per_batch" UNIQUE("batch_id","influencer_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK (kind in ('hold', 'release', 'capture', 'refund', 'payout', 'commission'));--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_amount_check" CHECK ("payout_items"."gross_minor" > 0 and "payout_items"."amount_minor" = "payout_items"."gross_minor" - "payout_items"."commission_minor");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_minor" >= 0 and "payouts"."amount_minor" = "payouts"."gross_minor" - "payouts"."commission_minor");