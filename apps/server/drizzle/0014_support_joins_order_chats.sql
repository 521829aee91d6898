DROP INDEX "chats_support_inbox_idx";--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "support_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "support_requested_by" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "support_joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_support_requested_by_users_id_fk" FOREIGN KEY ("support_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chats_support_requested_by_idx" ON "chats" USING btree ("support_requested_by");--> statement-breakpoint
CREATE INDEX "chats_support_inbox_idx" ON "chats" USING btree ("status","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "chats"."chat_type" = 'support' or "chats"."support_requested_at" is not null;