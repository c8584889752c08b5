CREATE TABLE "billing_notice_runs" (
	"day" text PRIMARY KEY NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
