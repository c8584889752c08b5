DROP INDEX "tickets_company_created_idx";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_user_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "closed_gap_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "instants_estimated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_first_user_id_users_id_fk" FOREIGN KEY ("first_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Best-effort instants of the tickets created before they were recorded (issue 19, docs/DECISIONS.md): all marked
-- instants_estimated. The wait starts at creation for a receptive ticket (source 0; an attendant's own ticket never
-- waited); the first acceptance is the recorded accepted_at, else the first message an attendant sent in it, else
-- (an open or closed ticket with an attendant) its creation; the first attendant is the sender of that message, else
-- the ticket's attendant; a closed ticket without closed_at closes at its last update. Reopen gaps are unknown (0).
UPDATE "tickets" t SET
  "instants_estimated" = true,
  "queued_at" = CASE WHEN t."source" = 0 THEN t."created_at" END,
  "accepted_at" = COALESCE(
    t."accepted_at",
    fm."at",
    CASE WHEN t."status" <> 'pending' AND t."user_id" IS NOT NULL THEN t."created_at" END
  ),
  "first_user_id" = COALESCE(fm."user_id", CASE WHEN t."status" <> 'pending' OR t."accepted_at" IS NOT NULL THEN t."user_id" END),
  "closed_at" = CASE WHEN t."status" = 'closed' THEN COALESCE(t."closed_at", t."updated_at") ELSE t."closed_at" END
FROM "tickets" t0
LEFT JOIN LATERAL (
  SELECT m."created_at" AS "at", m."user_id"
  FROM "messages" m
  WHERE m."company_id" = t0."company_id" AND m."ticket_id" = t0."id" AND m."from_me" AND m."user_id" IS NOT NULL
  ORDER BY m."created_at", m."id"
  LIMIT 1
) fm ON true
WHERE t0."id" = t."id";--> statement-breakpoint
CREATE INDEX "tickets_company_created_report_idx" ON "tickets" USING btree ("company_id","created_at","status","user_id","queue_id","queued_at","accepted_at","closed_at","closed_gap_ms","instants_estimated","id");