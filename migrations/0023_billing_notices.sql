CREATE TABLE "billing_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"subscription_id" integer,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"day" text NOT NULL,
	"status" text DEFAULT 'claimed' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"link" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"clicks" integer DEFAULT 0 NOT NULL,
	"last_click_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contact_name" text NOT NULL,
	"email" text,
	"whatsapp" text,
	"whatsapp_validated" text,
	"invoice_created_wp" boolean DEFAULT true NOT NULL,
	"invoice_days_before_expiration_wp" integer DEFAULT 5 NOT NULL,
	"invoice_day_wp" boolean DEFAULT true NOT NULL,
	"delayed_payment_wp" boolean DEFAULT true NOT NULL,
	"invoice_days_after_expiration_wp" integer DEFAULT 5 NOT NULL,
	"invoice_confirmed_payment_wp" boolean DEFAULT true NOT NULL,
	"invoice_created_email" boolean DEFAULT true NOT NULL,
	"invoice_days_before_expiration_email" integer DEFAULT 5 NOT NULL,
	"invoice_day_email" boolean DEFAULT true NOT NULL,
	"delayed_payment_email" boolean DEFAULT true NOT NULL,
	"invoice_days_after_expiration_email" integer DEFAULT 5 NOT NULL,
	"invoice_confirmed_payment_email" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'payments' NOT NULL,
	"notice" text DEFAULT 'all' NOT NULL,
	"thumbnail_wp_html" text DEFAULT '' NOT NULL,
	"text_wp" text DEFAULT '' NOT NULL,
	"email_html" text DEFAULT '' NOT NULL,
	"email_title" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_notices" ADD CONSTRAINT "billing_notices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_subscriptions" ADD CONSTRAINT "notification_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_notices_once_uq" ON "billing_notices" USING btree ("invoice_id","kind","channel","recipient");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_notices_public_id_uq" ON "billing_notices" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "billing_notices_company_idx" ON "billing_notices" USING btree ("company_id","invoice_id");--> statement-breakpoint
CREATE INDEX "notification_subscriptions_company_idx" ON "notification_subscriptions" USING btree ("company_id");