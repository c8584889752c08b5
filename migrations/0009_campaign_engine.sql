ALTER TABLE "campaign_dispatches" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "first_connected_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "campaign_dispatches_claimed_idx" ON "campaign_dispatches" USING btree ("company_id","whatsapp_id") WHERE status = 'claimed';