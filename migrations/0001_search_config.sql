-- Text search configuration of every search (ticket list, in-chat, contact names): the 'simple' parser and
-- dictionary (lower case, no stemming, no stop words) with accents removed first, so 'joao' finds 'João'.
-- unaccent is a trusted extension on PostgreSQL ≥ 13; the embedded PGlite loads it (platform/db PGLITE_EXTENSIONS).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION simple_unaccent (COPY = simple);--> statement-breakpoint
-- only the token types that can hold non-ASCII letters go through unaccent; ASCII words skip it
ALTER TEXT SEARCH CONFIGURATION simple_unaccent
  ALTER MAPPING FOR word, numword, hword, hword_part, numhword, hword_numpart WITH unaccent, simple;
