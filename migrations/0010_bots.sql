CREATE TABLE "bot_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"bot_setup_id" integer NOT NULL,
	"command_bot" text NOT NULL,
	"command_type" integer NOT NULL,
	"description_bot" text DEFAULT '' NOT NULL,
	"show_message" text DEFAULT '' NOT NULL,
	"type_message" text DEFAULT 'singleMessage' NOT NULL,
	"flow_id" integer,
	"bot_config_id" integer,
	"force_next_flow" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"queue_id" integer,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bot_category_contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"webhook" text DEFAULT '' NOT NULL,
	"media_url" text,
	"media_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_setup_whatsapps" (
	"company_id" integer NOT NULL,
	"bot_setup_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_setups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"typing_time" integer DEFAULT 5 NOT NULL,
	"reopen_bot_after_hours" integer DEFAULT 0 NOT NULL,
	"count_errors_bot" integer DEFAULT 2 NOT NULL,
	"type_menu" text DEFAULT 'text' NOT NULL,
	"message_on_errors_bot" text NOT NULL,
	"action_without_queue" text DEFAULT 'none' NOT NULL,
	"time_without_queue" integer DEFAULT 5 NOT NULL,
	"message_on_without_queue" text NOT NULL,
	"transfer_queue_id" integer,
	"user_id" integer,
	"bot_type" text DEFAULT 'common' NOT NULL,
	"bot_config_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_ticket_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"bot_setup_id" integer NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"awaiting" text DEFAULT 'choice' NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"reason" text,
	"version" integer DEFAULT 0 NOT NULL,
	"last_message_id" integer,
	"sent_at" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_commands" ADD CONSTRAINT "bot_commands_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_commands" ADD CONSTRAINT "bot_commands_bot_setup_id_bot_setups_id_fk" FOREIGN KEY ("bot_setup_id") REFERENCES "public"."bot_setups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_commands" ADD CONSTRAINT "bot_commands_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_commands" ADD CONSTRAINT "bot_commands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_commands" ADD CONSTRAINT "bot_commands_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_setup_whatsapps" ADD CONSTRAINT "bot_setup_whatsapps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_setup_whatsapps" ADD CONSTRAINT "bot_setup_whatsapps_bot_setup_id_bot_setups_id_fk" FOREIGN KEY ("bot_setup_id") REFERENCES "public"."bot_setups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_setup_whatsapps" ADD CONSTRAINT "bot_setup_whatsapps_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_setups" ADD CONSTRAINT "bot_setups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_setups" ADD CONSTRAINT "bot_setups_transfer_queue_id_queues_id_fk" FOREIGN KEY ("transfer_queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_setups" ADD CONSTRAINT "bot_setups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_ticket_states" ADD CONSTRAINT "bot_ticket_states_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_ticket_states" ADD CONSTRAINT "bot_ticket_states_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_ticket_states" ADD CONSTRAINT "bot_ticket_states_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_ticket_states" ADD CONSTRAINT "bot_ticket_states_bot_setup_id_bot_setups_id_fk" FOREIGN KEY ("bot_setup_id") REFERENCES "public"."bot_setups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_commands_setup_path_uq" ON "bot_commands" USING btree ("bot_setup_id","command_bot");--> statement-breakpoint
CREATE INDEX "bot_commands_company_setup_idx" ON "bot_commands" USING btree ("company_id","bot_setup_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_setup_whatsapps_whatsapp_uq" ON "bot_setup_whatsapps" USING btree ("whatsapp_id");--> statement-breakpoint
CREATE INDEX "bot_setup_whatsapps_setup_idx" ON "bot_setup_whatsapps" USING btree ("company_id","bot_setup_id");--> statement-breakpoint
CREATE INDEX "bot_setups_company_idx" ON "bot_setups" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_ticket_states_ticket_uq" ON "bot_ticket_states" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "bot_ticket_states_company_contact_idx" ON "bot_ticket_states" USING btree ("company_id","contact_id");