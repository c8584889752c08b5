CREATE TABLE "schedule_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"occurrence" integer NOT NULL,
	"status" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"message_id" integer,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"type_message" text DEFAULT 'Texto' NOT NULL,
	"type_schedule" text DEFAULT 'Único' NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"repeat_count" integer,
	"repeat_counter" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'PENDENTE' NOT NULL,
	"last_error" text,
	"next_send_at" timestamp with time zone,
	"next_occurrence" integer,
	"series_base" integer DEFAULT 0 NOT NULL,
	"queue_id" integer,
	"whatsapp_id" integer,
	"user_id" integer,
	"media_url" text,
	"media_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "timezone" text DEFAULT 'America/Sao_Paulo' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_sends" ADD CONSTRAINT "schedule_sends_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_sends" ADD CONSTRAINT "schedule_sends_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_sends_schedule_occurrence_uq" ON "schedule_sends" USING btree ("schedule_id","occurrence");--> statement-breakpoint
CREATE INDEX "schedule_sends_company_idx" ON "schedule_sends" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "schedules_company_status_send_idx" ON "schedules" USING btree ("company_id","status","send_at");--> statement-breakpoint
CREATE INDEX "schedules_company_contact_idx" ON "schedules" USING btree ("company_id","contact_id");--> statement-breakpoint
CREATE INDEX "schedules_status_next_idx" ON "schedules" USING btree ("status","next_send_at");