ALTER TABLE "messages" ADD COLUMN "attachment_width" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attachment_height" integer;