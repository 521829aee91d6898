CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid,
	"payment_id" uuid,
	"event_id" uuid,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "ledger_entries_kind_check" CHECK (kind in ('hold', 'release', 'capture', 'refund', 'payout')),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_check";--> statement-breakpoint
ALTER TABLE "payment_events" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "raw_body" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "saved_card_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "request" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_event_id_payment_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."payment_events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_idx" ON "ledger_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_event_idx" ON "ledger_entries" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_transaction_id_payments_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_parent_payment_id_payments_id_fk" FOREIGN KEY ("parent_payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_transaction_idx" ON "orders" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "payments_parent_idx" ON "payments" USING btree ("parent_payment_id");--> statement-breakpoint
CREATE INDEX "payments_saved_card_idx" ON "payments" USING btree ("saved_card_id");--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "error_code";--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_dedupe_key_unique" UNIQUE("dedupe_key");--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_parent_order_id_unique" UNIQUE("parent_order_id");--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_source_check" CHECK ("payment_events"."source" in ('callback', 'receipt'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK (status in ('created', 'pending', 'held', 'captured', 'released', 'refunded', 'partially_refunded', 'succeeded', 'failed'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK (kind in ('save_card', 'preauth', 'capture', 'release', 'refund'));