CREATE TABLE "campaign_dispatch_counts" (
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_dispatch_counts_campaign_id_status_pk" PRIMARY KEY("campaign_id","status")
);
--> statement-breakpoint
DROP INDEX "campaign_dispatches_company_schedule_idx";--> statement-breakpoint
DROP INDEX "campaign_dispatches_company_whatsapp_schedule_idx";--> statement-breakpoint
ALTER TABLE "campaign_dispatch_counts" ADD CONSTRAINT "campaign_dispatch_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_dispatch_counts" ADD CONSTRAINT "campaign_dispatch_counts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_dispatch_counts_company_campaign_idx" ON "campaign_dispatch_counts" USING btree ("company_id","campaign_id");--> statement-breakpoint
CREATE INDEX "campaign_dispatches_company_schedule_idx" ON "campaign_dispatches" USING btree ("company_id","schedule") WHERE "campaign_dispatches"."schedule" is not null;--> statement-breakpoint
CREATE INDEX "campaign_dispatches_company_whatsapp_schedule_idx" ON "campaign_dispatches" USING btree ("company_id","whatsapp_id","schedule") WHERE "campaign_dispatches"."schedule" is not null;--> statement-breakpoint
-- campaign_dispatch_counts is maintained by the database for every writer of campaign_dispatches (the campaigns API's
-- bulk insert, the engine's moves, deletes and cascades), in the writer's transaction: one set-based statement per
-- statement. Deltas are applied in (campaign_id, status) order so two concurrent statements wait on each other in one
-- order (no deadlock).
CREATE FUNCTION campaign_dispatch_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_dispatch_counts (company_id, campaign_id, status, n)
  SELECT company_id, campaign_id, status, count(*)::int FROM new_dispatches
  GROUP BY company_id, campaign_id, status ORDER BY campaign_id, status
  ON CONFLICT (campaign_id, status) DO UPDATE SET n = campaign_dispatch_counts.n + EXCLUDED.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER campaign_dispatches_counts_insert AFTER INSERT ON campaign_dispatches
  REFERENCING NEW TABLE AS new_dispatches
  FOR EACH STATEMENT EXECUTE FUNCTION campaign_dispatch_counts_insert();--> statement-breakpoint
CREATE FUNCTION campaign_dispatch_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_dispatch_counts (company_id, campaign_id, status, n)
  SELECT company_id, campaign_id, status, sum(k)::int FROM (
    SELECT company_id, campaign_id, status, 1 AS k FROM new_dispatches
    UNION ALL
    SELECT company_id, campaign_id, status, -1 AS k FROM old_dispatches
  ) d
  GROUP BY company_id, campaign_id, status HAVING sum(k) <> 0 ORDER BY campaign_id, status
  ON CONFLICT (campaign_id, status) DO UPDATE SET n = campaign_dispatch_counts.n + EXCLUDED.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER campaign_dispatches_counts_update AFTER UPDATE ON campaign_dispatches
  REFERENCING OLD TABLE AS old_dispatches NEW TABLE AS new_dispatches
  FOR EACH STATEMENT EXECUTE FUNCTION campaign_dispatch_counts_update();--> statement-breakpoint
CREATE FUNCTION campaign_dispatch_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a cascade from the campaign may have taken its counts rows already: nothing to update then
  UPDATE campaign_dispatch_counts c SET n = c.n - d.k
  FROM (
    SELECT campaign_id, status, count(*)::int AS k FROM old_dispatches
    GROUP BY campaign_id, status ORDER BY campaign_id, status
  ) d
  WHERE c.campaign_id = d.campaign_id AND c.status = d.status;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER campaign_dispatches_counts_delete AFTER DELETE ON campaign_dispatches
  REFERENCING OLD TABLE AS old_dispatches
  FOR EACH STATEMENT EXECUTE FUNCTION campaign_dispatch_counts_delete();--> statement-breakpoint
INSERT INTO campaign_dispatch_counts (company_id, campaign_id, status, n)
SELECT company_id, campaign_id, status, count(*)::int FROM campaign_dispatches GROUP BY company_id, campaign_id, status;
