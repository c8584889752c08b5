-- Marks of companies already deleted go (the mark table had no foreign key), then the key and the trigger function
-- that skips a company being deleted: when a company is deleted with its tickets in one statement, the marks of its
-- old tickets' days would point to a missing company (the EXISTS reads the row as deleted, so nothing is marked).
DELETE FROM "ticket_report_dirty" d WHERE NOT EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = d."company_id");--> statement-breakpoint
ALTER TABLE "ticket_report_dirty" ADD CONSTRAINT "ticket_report_dirty_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ticket_report_mark_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO ticket_report_dirty (company_id, day)
    SELECT OLD.company_id, ((OLD.created_at AT TIME ZONE 'UTC') - interval '3 hours')::date
    WHERE EXISTS (SELECT 1 FROM companies WHERE id = OLD.company_id)
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO ticket_report_dirty (company_id, day)
    SELECT NEW.company_id, ((NEW.created_at AT TIME ZONE 'UTC') - interval '3 hours')::date
    WHERE EXISTS (SELECT 1 FROM companies WHERE id = NEW.company_id)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
