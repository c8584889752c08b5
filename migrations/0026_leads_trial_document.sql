ALTER TABLE "leads" ADD COLUMN "trial_document" text;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_trial_document_uq" ON "leads" USING btree ("trial_document");