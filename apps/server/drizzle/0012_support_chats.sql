ALTER TABLE "admin_chats" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "admin_messages" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "admin_chats" CASCADE;--> statement-breakpoint
DROP TABLE "admin_messages" CASCADE;--> statement-breakpoint
ALTER TABLE "chats" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ALTER COLUMN "influencer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "last_message_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_one_open_support_idx" ON "chats" USING btree ("user_id") WHERE "chats"."chat_type" = 'support' and "chats"."status" = 'active';--> statement-breakpoint
CREATE INDEX "chats_support_user_idx" ON "chats" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chats_support_inbox_idx" ON "chats" USING btree ("status","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "chats"."chat_type" = 'support';--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_kind_check" CHECK (("chats"."chat_type" = 'order' and "chats"."client_id" is not null and "chats"."influencer_id" is not null and "chats"."user_id" is null)
        or ("chats"."chat_type" = 'support' and "chats"."user_id" is not null and "chats"."client_id" is null and "chats"."influencer_id" is null));--> statement-breakpoint
UPDATE "chats" SET "last_message_at" = coalesce((SELECT max("created_at") FROM "messages" WHERE "messages"."chat_id" = "chats"."id"), "created_at");
