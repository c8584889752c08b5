CREATE SEQUENCE "public"."jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"company_name" text,
	"slogan" text,
	"email" text,
	"logo_url" text,
	"document_number" text,
	"inscr_municipal" text,
	"inscr_estadual" text,
	"emails_of_notifications" text,
	"whatsapps_of_notifications" text,
	"address" jsonb,
	"observation" text,
	"status" boolean DEFAULT true NOT NULL,
	"plan_id" integer,
	"lead_id" integer,
	"number_attendants" integer DEFAULT 1 NOT NULL,
	"number_conections" integer DEFAULT 1 NOT NULL,
	"enable_reports" boolean DEFAULT true NOT NULL,
	"enable_dashboard" boolean DEFAULT true NOT NULL,
	"enable_campaigns" boolean DEFAULT false NOT NULL,
	"enable_schedules" boolean DEFAULT true NOT NULL,
	"enable_api" boolean DEFAULT true NOT NULL,
	"enable_bots" boolean DEFAULT true NOT NULL,
	"enable_flows" boolean DEFAULT false NOT NULL,
	"ia_integration_enabled" boolean DEFAULT false NOT NULL,
	"campaign_send_limit_per_hour" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slogan" text,
	"description" text,
	"number_attendants" integer DEFAULT 1 NOT NULL,
	"number_connections" integer DEFAULT 1 NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"is_standard" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"automatic_invoice" boolean DEFAULT false NOT NULL,
	"recurrence" text DEFAULT 'months3' NOT NULL,
	"billing_type" text DEFAULT 'PIX' NOT NULL,
	"highlighted" integer DEFAULT 0 NOT NULL,
	"media" text,
	"value_1_month" numeric(12, 2) DEFAULT '0' NOT NULL,
	"value_3_months" numeric(12, 2) DEFAULT '0' NOT NULL,
	"value_6_months" numeric(12, 2) DEFAULT '0' NOT NULL,
	"value_12_months" numeric(12, 2) DEFAULT '0' NOT NULL,
	"enable_reports" boolean DEFAULT true NOT NULL,
	"enable_dashboard" boolean DEFAULT true NOT NULL,
	"enable_campaigns" boolean DEFAULT false NOT NULL,
	"enable_schedules" boolean DEFAULT true NOT NULL,
	"enable_api" boolean DEFAULT true NOT NULL,
	"enable_bots" boolean DEFAULT true NOT NULL,
	"enable_flows" boolean DEFAULT false NOT NULL,
	"ia_integration_enabled" boolean DEFAULT false NOT NULL,
	"campaign_send_limit_per_hour" integer DEFAULT 0 NOT NULL,
	"company_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_categories" (
	"company_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "contact_categories_contact_id_category_id_pk" PRIMARY KEY("contact_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"lid" text,
	"email" text DEFAULT '' NOT NULL,
	"profile_pic_url" text,
	"is_group" boolean DEFAULT false NOT NULL,
	"command_bot" text,
	"extra_info" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text NOT NULL,
	"queue" text NOT NULL,
	"name" text NOT NULL,
	"company_id" integer,
	"data" jsonb NOT NULL,
	"opts" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts_made" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 1 NOT NULL,
	"stalled_count" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"lock_token" text,
	"processed_on" timestamp with time zone,
	"finished_on" timestamp with time zone,
	"failed_reason" text,
	"return_value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_queue_id_pk" PRIMARY KEY("queue","id")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queues" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"greeting_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_counters" (
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "company_counters_company_id_name_pk" PRIMARY KEY("company_id","name")
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"wid" text NOT NULL,
	"ticket_id" integer NOT NULL,
	"contact_id" integer,
	"whatsapp_id" integer,
	"user_id" integer,
	"body" text DEFAULT '' NOT NULL,
	"from_me" boolean DEFAULT false NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"ack" integer DEFAULT 0 NOT NULL,
	"media_type" text,
	"media_url" text,
	"quoted_msg_id" integer,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_by_contact" boolean DEFAULT false NOT NULL,
	"is_edited" boolean DEFAULT false NOT NULL,
	"data_json" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quick_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"shortcut" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#5C59A0' NOT NULL,
	"kanban" integer DEFAULT 0 NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_tags" (
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "ticket_tags_ticket_id_tag_id_pk" PRIMARY KEY("ticket_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"protocol" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"contact_id" integer NOT NULL,
	"queue_id" integer,
	"user_id" integer,
	"whatsapp_id" integer,
	"source" integer DEFAULT 0 NOT NULL,
	"unread_messages" integer DEFAULT 0 NOT NULL,
	"last_message" text DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone,
	"is_group" boolean DEFAULT false NOT NULL,
	"chatbot" boolean DEFAULT false NOT NULL,
	"imported" boolean DEFAULT false NOT NULL,
	"accepted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"allow_no_queue" boolean DEFAULT true NOT NULL,
	"allow_multiple_tickets" boolean DEFAULT false NOT NULL,
	"view_messages_by_ticket" integer DEFAULT 0 NOT NULL,
	"disable_greeting" boolean DEFAULT false NOT NULL,
	"disable_signature" boolean DEFAULT false NOT NULL,
	"enable_administration" boolean DEFAULT true NOT NULL,
	"enable_dash" boolean DEFAULT true NOT NULL,
	"allow_categorize_contacts" boolean DEFAULT true NOT NULL,
	"allow_create_category_contacts" boolean DEFAULT true NOT NULL,
	"allow_view_pending_tickets" boolean DEFAULT true NOT NULL,
	"allow_ticket_export" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_queues" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	CONSTRAINT "user_queues_user_id_queue_id_pk" PRIMARY KEY("user_id","queue_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"profile" text DEFAULT 'user' NOT NULL,
	"master" boolean DEFAULT false NOT NULL,
	"pay_panel_access" boolean DEFAULT false NOT NULL,
	"whatsapp_id" integer,
	"user_authorization_id" integer,
	"greeting_message" text,
	"enable_greeting" boolean DEFAULT false NOT NULL,
	"sign_message" boolean DEFAULT false NOT NULL,
	"show_all_tickets" boolean DEFAULT false NOT NULL,
	"volume" integer DEFAULT 50 NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_raw_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"whatsapp_id" integer,
	"remote_jid" text,
	"message_id" text,
	"from_me" boolean DEFAULT false NOT NULL,
	"ticket_id" integer,
	"type" text,
	"body" text,
	"time_spent" integer,
	"status" text DEFAULT 'received' NOT NULL,
	"error" text,
	"json_value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulator_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"direction" text NOT NULL,
	"wid" text NOT NULL,
	"number" text NOT NULL,
	"name" text,
	"body" text DEFAULT '' NOT NULL,
	"media_type" text,
	"file_name" text,
	"mime_type" text,
	"from_me" boolean DEFAULT false NOT NULL,
	"ack" integer DEFAULT 0 NOT NULL,
	"quoted_id" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"data_json" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_auth_keys" (
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_auth_keys_whatsapp_id_key_pk" PRIMARY KEY("whatsapp_id","key")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_queues" (
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	CONSTRAINT "whatsapp_queues_whatsapp_id_queue_id_pk" PRIMARY KEY("whatsapp_id","queue_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapps" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text,
	"status" text DEFAULT 'DISCONNECTED' NOT NULL,
	"qrcode" text,
	"retries" integer DEFAULT 0 NOT NULL,
	"session" text,
	"lib" text DEFAULT 'baileys' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"greeting_message" text,
	"farewell_message" text,
	"disable_group_messages" boolean DEFAULT true NOT NULL,
	"is_notification_center" boolean DEFAULT false NOT NULL,
	"import_old_messages" timestamp with time zone,
	"import_recent_messages" timestamp with time zone,
	"import_old_messages_groups" boolean DEFAULT false NOT NULL,
	"closed_tickets_post_imported" boolean DEFAULT false NOT NULL,
	"status_import_messages" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_contacts" ADD CONSTRAINT "category_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_categories" ADD CONSTRAINT "contact_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_categories" ADD CONSTRAINT "contact_categories_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_categories" ADD CONSTRAINT "contact_categories_category_id_category_contacts_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_counters" ADD CONSTRAINT "company_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_answers" ADD CONSTRAINT "quick_answers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_authorizations" ADD CONSTRAINT "user_authorizations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_queues" ADD CONSTRAINT "user_queues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_queues" ADD CONSTRAINT "user_queues_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_queues" ADD CONSTRAINT "user_queues_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_authorization_id_user_authorizations_id_fk" FOREIGN KEY ("user_authorization_id") REFERENCES "public"."user_authorizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_raw_logs" ADD CONSTRAINT "message_raw_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_raw_logs" ADD CONSTRAINT "message_raw_logs_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulator_messages" ADD CONSTRAINT "simulator_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulator_messages" ADD CONSTRAINT "simulator_messages_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_auth_keys" ADD CONSTRAINT "whatsapp_auth_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_auth_keys" ADD CONSTRAINT "whatsapp_auth_keys_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_queues" ADD CONSTRAINT "whatsapp_queues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_queues" ADD CONSTRAINT "whatsapp_queues_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_queues" ADD CONSTRAINT "whatsapp_queues_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settings_company_key_uq" ON "settings" USING btree ("company_id","key");--> statement-breakpoint
CREATE INDEX "settings_company_idx" ON "settings" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "category_contacts_company_idx" ON "category_contacts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "contact_categories_company_cat_idx" ON "contact_categories" USING btree ("company_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_number_uq" ON "contacts" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "contacts_company_lid_idx" ON "contacts" USING btree ("company_id","lid");--> statement-breakpoint
CREATE INDEX "contacts_company_name_idx" ON "contacts" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "contacts_name_fts_idx" ON "contacts" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("queue","status","run_at");--> statement-breakpoint
CREATE INDEX "jobs_list_idx" ON "jobs" USING btree ("queue","created_at");--> statement-breakpoint
CREATE INDEX "jobs_company_idx" ON "jobs" USING btree ("queue","company_id","created_at");--> statement-breakpoint
CREATE INDEX "locations_company_idx" ON "locations" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "queues_company_idx" ON "queues" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queues_company_color_uq" ON "queues" USING btree ("company_id","color");--> statement-breakpoint
CREATE INDEX "media_files_company_idx" ON "media_files" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_company_wa_wid_uq" ON "messages" USING btree ("company_id","whatsapp_id","wid");--> statement-breakpoint
CREATE INDEX "messages_company_ticket_created_idx" ON "messages" USING btree ("company_id","ticket_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_company_contact_created_idx" ON "messages" USING btree ("company_id","contact_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_body_fts_idx" ON "messages" USING gin (to_tsvector('simple', "body"));--> statement-breakpoint
CREATE INDEX "quick_answers_company_idx" ON "quick_answers" USING btree ("company_id","shortcut");--> statement-breakpoint
CREATE INDEX "tags_company_idx" ON "tags" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "ticket_tags_company_tag_idx" ON "ticket_tags" USING btree ("company_id","tag_id");--> statement-breakpoint
CREATE INDEX "tickets_company_status_updated_idx" ON "tickets" USING btree ("company_id","status","updated_at","queue_id","user_id","unread_messages");--> statement-breakpoint
CREATE INDEX "tickets_company_user_status_idx" ON "tickets" USING btree ("company_id","user_id","status","updated_at","queue_id");--> statement-breakpoint
CREATE INDEX "tickets_company_queue_status_idx" ON "tickets" USING btree ("company_id","queue_id","status","updated_at","user_id");--> statement-breakpoint
CREATE INDEX "tickets_company_updated_idx" ON "tickets" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "tickets_company_created_idx" ON "tickets" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_company_contact_idx" ON "tickets" USING btree ("company_id","contact_id","whatsapp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_company_protocol_uq" ON "tickets" USING btree ("company_id","protocol");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_uuid_uq" ON "tickets" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_sessions_token_uq" ON "auth_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_sessions_family_idx" ON "auth_sessions" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_company_idx" ON "auth_sessions" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "user_authorizations_company_idx" ON "user_authorizations" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "user_queues_company_idx" ON "user_queues" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "message_raw_logs_company_idx" ON "message_raw_logs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "message_raw_logs_msg_idx" ON "message_raw_logs" USING btree ("whatsapp_id","message_id");--> statement-breakpoint
CREATE INDEX "simulator_messages_company_idx" ON "simulator_messages" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "simulator_messages_conn_number_idx" ON "simulator_messages" USING btree ("whatsapp_id","number","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "simulator_messages_conn_wid_uq" ON "simulator_messages" USING btree ("whatsapp_id","direction","wid");--> statement-breakpoint
CREATE INDEX "whatsapp_auth_keys_company_idx" ON "whatsapp_auth_keys" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "whatsapp_queues_company_idx" ON "whatsapp_queues" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "whatsapps_company_idx" ON "whatsapps" USING btree ("company_id");