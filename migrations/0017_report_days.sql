CREATE TABLE "ticket_report_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"tickets" integer NOT NULL,
	"pending" integer NOT NULL,
	"open" integer NOT NULL,
	"closed" integer NOT NULL,
	"tma_count" integer NOT NULL,
	"tma_seconds" double precision NOT NULL,
	"tme_count" integer NOT NULL,
	"tme_seconds" double precision NOT NULL,
	"estimated" integer NOT NULL,
	CONSTRAINT "ticket_report_days_company_id_day_user_id_queue_id_pk" PRIMARY KEY("company_id","day","user_id","queue_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_report_dirty" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "ticket_report_dirty_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
ALTER TABLE "ticket_report_days" ADD CONSTRAINT "ticket_report_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A change to a ticket of a settled day (created more than 23 h ago: days from yesterday on are always summed live,
-- core splitReportRange) marks its company-local day (fixed -03:00, as the date filters) to be summed again. Only the
-- columns the report reads; a message's touch of the ticket (last message, unread, updated_at) fires nothing.
-- ON CONFLICT DO NOTHING on a committed mark takes no lock: concurrent moves of old tickets do not wait on each other.
CREATE FUNCTION ticket_report_mark_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO ticket_report_dirty (company_id, day)
    VALUES (OLD.company_id, ((OLD.created_at AT TIME ZONE 'UTC') - interval '3 hours')::date)
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO ticket_report_dirty (company_id, day)
    VALUES (NEW.company_id, ((NEW.created_at AT TIME ZONE 'UTC') - interval '3 hours')::date)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ticket_report_dirty_ins AFTER INSERT ON tickets FOR EACH ROW
  WHEN (NEW.created_at < now() - interval '23 hours')
  EXECUTE FUNCTION ticket_report_mark_dirty();--> statement-breakpoint
CREATE TRIGGER ticket_report_dirty_del AFTER DELETE ON tickets FOR EACH ROW
  WHEN (OLD.created_at < now() - interval '23 hours')
  EXECUTE FUNCTION ticket_report_mark_dirty();--> statement-breakpoint
CREATE TRIGGER ticket_report_dirty_upd AFTER UPDATE ON tickets FOR EACH ROW
  WHEN ((OLD.created_at < now() - interval '23 hours' OR NEW.created_at < now() - interval '23 hours')
    AND (OLD.status, OLD.user_id, OLD.queue_id, OLD.queued_at, OLD.accepted_at, OLD.closed_at, OLD.closed_gap_ms,
         OLD.instants_estimated, OLD.created_at, OLD.company_id)
      IS DISTINCT FROM (NEW.status, NEW.user_id, NEW.queue_id, NEW.queued_at, NEW.accepted_at, NEW.closed_at,
         NEW.closed_gap_ms, NEW.instants_estimated, NEW.created_at, NEW.company_id))
  EXECUTE FUNCTION ticket_report_mark_dirty();
