-- ticket_search_terms is maintained by the database, transparently to every writer of messages:
-- * after each INSERT statement on messages (one set-based insert per statement, also for multi-row batches),
-- * after a message's body (or ticket) changes — the new words are added; words of the old body stay (a superset),
-- * a deleted or truncated ticket takes its words along.
-- Rows are inserted in (ticket_id, lexeme) order so two concurrent statements wait on each other in one order.
CREATE FUNCTION ticket_search_terms_from_new_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_search_terms (ticket_id, lexeme, company_id)
  SELECT DISTINCT m.ticket_id, w.lexeme, m.company_id
  FROM new_messages m, unnest(tsvector_to_array(to_tsvector('simple_unaccent', m.body))) AS w(lexeme)
  ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER messages_search_terms_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_messages
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_search_terms_from_new_messages();--> statement-breakpoint
CREATE FUNCTION ticket_search_terms_from_changed_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_search_terms (ticket_id, lexeme, company_id)
  SELECT NEW.ticket_id, w.lexeme, NEW.company_id
  FROM unnest(tsvector_to_array(to_tsvector('simple_unaccent', NEW.body))) AS w(lexeme)
  ORDER BY 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER messages_search_terms_update AFTER UPDATE OF body, ticket_id ON messages
  FOR EACH ROW WHEN (OLD.body IS DISTINCT FROM NEW.body OR OLD.ticket_id IS DISTINCT FROM NEW.ticket_id)
  EXECUTE FUNCTION ticket_search_terms_from_changed_message();--> statement-breakpoint
CREATE FUNCTION ticket_search_terms_drop_deleted_tickets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_search_terms s USING old_tickets o WHERE s.ticket_id = o.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER tickets_search_terms_delete AFTER DELETE ON tickets
  REFERENCING OLD TABLE AS old_tickets
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_search_terms_drop_deleted_tickets();--> statement-breakpoint
CREATE FUNCTION ticket_search_terms_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE ticket_search_terms;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER tickets_search_terms_truncate AFTER TRUNCATE ON tickets
  FOR EACH STATEMENT EXECUTE FUNCTION ticket_search_terms_truncate();--> statement-breakpoint
-- the words of the messages stored so far
INSERT INTO ticket_search_terms (ticket_id, lexeme, company_id)
SELECT DISTINCT m.ticket_id, w.lexeme, m.company_id
FROM messages m, unnest(tsvector_to_array(to_tsvector('simple_unaccent', m.body))) AS w(lexeme)
ON CONFLICT DO NOTHING;
