CREATE TABLE "system_process_starts" (
	"name" text PRIMARY KEY NOT NULL,
	"starts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"report" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"restart_requested" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "system_processes_expires_idx" ON "system_processes" USING btree ("expires_at");