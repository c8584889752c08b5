CREATE TABLE "ai_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"bot_config_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"reason" text,
	"version" integer DEFAULT 0 NOT NULL,
	"exchanges" integer DEFAULT 0 NOT NULL,
	"in_flight" integer,
	"in_flight_at" timestamp with time zone,
	"burst_started_at" timestamp with time zone,
	"last_message_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"bot_config_id" integer,
	"integration_id" integer,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"model" text NOT NULL,
	"outcome" text NOT NULL,
	"error" text,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"total_tokens" integer DEFAULT 0 NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"context" text DEFAULT '' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"first_delay" integer DEFAULT 5 NOT NULL,
	"last_delay" integer DEFAULT 10 NOT NULL,
	"typing_speed" integer DEFAULT 100 NOT NULL,
	"ignore_words" text DEFAULT '' NOT NULL,
	"model" text DEFAULT 'gpt-3.5-turbo' NOT NULL,
	"stop" text DEFAULT '' NOT NULL,
	"inactivity_message" text DEFAULT '' NOT NULL,
	"initial_messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"temperature" double precision DEFAULT 0.1 NOT NULL,
	"frequency_penalty" double precision DEFAULT 0.9 NOT NULL,
	"presence_penalty" double precision DEFAULT 0.9 NOT NULL,
	"top_p" double precision DEFAULT 0.5 NOT NULL,
	"max_tokens" integer DEFAULT 1000 NOT NULL,
	"max_messages_for_dialog" integer DEFAULT 10 NOT NULL,
	"message_for_max_messages_exceeded" text DEFAULT '' NOT NULL,
	"last_queue_id" integer,
	"integration_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_simulator_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"bot_config_id" integer NOT NULL,
	"body" text NOT NULL,
	"from_me" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"integration_type" text DEFAULT 'openai' NOT NULL,
	"api_url" text DEFAULT '' NOT NULL,
	"api_token_enc" text DEFAULT '' NOT NULL,
	"api_token_last4" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"data_json" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_conversations" ADD CONSTRAINT "ai_conversations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_configs" ADD CONSTRAINT "bot_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_configs" ADD CONSTRAINT "bot_configs_last_queue_id_queues_id_fk" FOREIGN KEY ("last_queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_configs" ADD CONSTRAINT "bot_configs_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_simulator_messages" ADD CONSTRAINT "bot_simulator_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_simulator_messages" ADD CONSTRAINT "bot_simulator_messages_bot_config_id_bot_configs_id_fk" FOREIGN KEY ("bot_config_id") REFERENCES "public"."bot_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_conversations_ref_uq" ON "ai_conversations" USING btree ("company_id","kind","ref_id");--> statement-breakpoint
CREATE INDEX "ai_usage_company_at_idx" ON "ai_usage" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "bot_configs_company_idx" ON "bot_configs" USING btree ("company_id","is_deleted","name");--> statement-breakpoint
CREATE INDEX "bot_simulator_messages_config_idx" ON "bot_simulator_messages" USING btree ("company_id","bot_config_id","id");--> statement-breakpoint
CREATE INDEX "integrations_company_idx" ON "integrations" USING btree ("company_id","name");