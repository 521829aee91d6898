ALTER TABLE "campaigns" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, title || ' ' || description)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "campaigns_status_budget_idx" ON "campaigns" USING btree ("status","budget_minor" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_client_budget_idx" ON "campaigns" USING btree ("client_id","budget_minor" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_status_deadline_idx" ON "campaigns" USING btree ("status",coalesce("deadline", 'infinity'::date),"id");--> statement-breakpoint
CREATE INDEX "campaigns_client_deadline_idx" ON "campaigns" USING btree ("client_id",coalesce("deadline", 'infinity'::date),"id");--> statement-breakpoint
CREATE INDEX "campaigns_search_idx" ON "campaigns" USING gin ("search_vector");