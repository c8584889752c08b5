CREATE TABLE "campaign_dispatches" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"number" text NOT NULL,
	"name" text,
	"email" text,
	"contact_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"whatsapp_id" integer,
	"campaign_message_id" integer,
	"schedule" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"claimed_by" text,
	"greeting_sent_at" timestamp with time zone,
	"message_sent_at" timestamp with time zone,
	"fail_reason" text,
	"resend_count" integer DEFAULT 0 NOT NULL,
	"ticket_id" integer,
	"media_url_vt" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"greeting" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"type_message" text DEFAULT 'Texto' NOT NULL,
	"media_url" text,
	"media_url_vt" text,
	"media_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_setup_whatsapps" (
	"company_id" integer NOT NULL,
	"campaign_setup_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_setup_whatsapps_campaign_setup_id_whatsapp_id_pk" PRIMARY KEY("campaign_setup_id","whatsapp_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_setups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"queue_id" integer,
	"user_id" integer,
	"ticket_set_status" text DEFAULT 'closed' NOT NULL,
	"t_max" integer DEFAULT 10 NOT NULL,
	"t_min" integer DEFAULT 2 NOT NULL,
	"interval_seconds" integer DEFAULT 30 NOT NULL,
	"auto_start" boolean DEFAULT true NOT NULL,
	"webhook_url_concluded" text,
	"json_button_or_list" text,
	"interval_jitter_pct" integer DEFAULT 20 NOT NULL,
	"send_window_start" text DEFAULT '08:00' NOT NULL,
	"send_window_end" text DEFAULT '20:00' NOT NULL,
	"breaker_threshold" integer DEFAULT 5 NOT NULL,
	"warmup" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"schedule" timestamp with time zone,
	"initialized" timestamp with time zone,
	"finalized" timestamp with time zone,
	"user_id" integer,
	"campaign_setup_id" integer,
	"seed" integer DEFAULT 0 NOT NULL,
	"pause_reason" text,
	"webhook_claimed_at" timestamp with time zone,
	"webhook_done_at" timestamp with time zone,
	"webhook_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_dispatches" ADD CONSTRAINT "campaign_dispatches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_dispatches" ADD CONSTRAINT "campaign_dispatches_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_dispatches" ADD CONSTRAINT "campaign_dispatches_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_dispatches" ADD CONSTRAINT "campaign_dispatches_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_dispatches" ADD CONSTRAINT "campaign_dispatches_campaign_message_id_campaign_messages_id_fk" FOREIGN KEY ("campaign_message_id") REFERENCES "public"."campaign_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_dispatches" ADD CONSTRAINT "campaign_dispatches_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_setup_whatsapps" ADD CONSTRAINT "campaign_setup_whatsapps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_setup_whatsapps" ADD CONSTRAINT "campaign_setup_whatsapps_campaign_setup_id_campaign_setups_id_fk" FOREIGN KEY ("campaign_setup_id") REFERENCES "public"."campaign_setups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_setup_whatsapps" ADD CONSTRAINT "campaign_setup_whatsapps_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_setups" ADD CONSTRAINT "campaign_setups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_setups" ADD CONSTRAINT "campaign_setups_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_setups" ADD CONSTRAINT "campaign_setups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_campaign_setup_id_campaign_setups_id_fk" FOREIGN KEY ("campaign_setup_id") REFERENCES "public"."campaign_setups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_dispatches_campaign_number_uq" ON "campaign_dispatches" USING btree ("campaign_id","number");--> statement-breakpoint
CREATE INDEX "campaign_dispatches_company_campaign_id_idx" ON "campaign_dispatches" USING btree ("company_id","campaign_id","id");--> statement-breakpoint
CREATE INDEX "campaign_dispatches_company_campaign_status_idx" ON "campaign_dispatches" USING btree ("company_id","campaign_id","status","id");--> statement-breakpoint
CREATE INDEX "campaign_dispatches_company_schedule_idx" ON "campaign_dispatches" USING btree ("company_id","schedule");--> statement-breakpoint
CREATE INDEX "campaign_dispatches_company_whatsapp_schedule_idx" ON "campaign_dispatches" USING btree ("company_id","whatsapp_id","schedule");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_messages_campaign_position_uq" ON "campaign_messages" USING btree ("campaign_id","position");--> statement-breakpoint
CREATE INDEX "campaign_setup_whatsapps_company_whatsapp_idx" ON "campaign_setup_whatsapps" USING btree ("company_id","whatsapp_id");--> statement-breakpoint
CREATE INDEX "campaign_setups_company_name_idx" ON "campaign_setups" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "campaign_setups_company_user_idx" ON "campaign_setups" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "campaigns_company_id_idx" ON "campaigns" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "campaigns_company_user_idx" ON "campaigns" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "campaigns_company_setup_idx" ON "campaigns" USING btree ("company_id","campaign_setup_id");--> statement-breakpoint
CREATE INDEX "campaigns_status_schedule_idx" ON "campaigns" USING btree ("status","schedule");