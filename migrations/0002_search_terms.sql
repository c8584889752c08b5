CREATE TABLE "ticket_search_terms" (
	"ticket_id" integer NOT NULL,
	"lexeme" text COLLATE "C" NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "ticket_search_terms_ticket_id_lexeme_pk" PRIMARY KEY("ticket_id","lexeme")
);
--> statement-breakpoint
DROP INDEX "messages_body_fts_idx";--> statement-breakpoint
DROP INDEX "contacts_name_fts_idx";--> statement-breakpoint
DROP INDEX "ticket_tags_company_tag_idx";--> statement-breakpoint
DROP INDEX "tickets_company_status_updated_idx";--> statement-breakpoint
CREATE INDEX "ticket_search_terms_company_lexeme_idx" ON "ticket_search_terms" USING btree ("company_id","lexeme","ticket_id");--> statement-breakpoint
CREATE INDEX "contacts_company_lower_name_idx" ON "contacts" USING btree ("company_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "contacts_name_fts_idx" ON "contacts" USING gin (to_tsvector('simple_unaccent', "name"));--> statement-breakpoint
CREATE INDEX "ticket_tags_company_tag_idx" ON "ticket_tags" USING btree ("company_id","tag_id","ticket_id");--> statement-breakpoint
CREATE INDEX "tickets_company_status_updated_idx" ON "tickets" USING btree ("company_id","status","updated_at","queue_id","user_id","unread_messages","id");