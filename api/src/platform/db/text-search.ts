import { type SQL, sql } from 'drizzle-orm';

/**
 * SQL pieces of the text search shared by the ticket list (tickets area) and the in-chat search (messages area), over
 * the `ticket_search_terms` index that triggers on messages keep (migration 0001) — shared infrastructure, so it
 * lives beside the database handle rather than in one area's repo. Words come from
 * `searchWords()` (letters and digits only); every match is by word PREFIX, in the `simple_unaccent` text search
 * configuration (migration 0001: lower case, accents removed) — the same normalisation as the indexed text.
 */

/** `to_tsquery` of the words, each a prefix, all required: 'joão:* & sil:*' */
export function prefixTsQuerySql(words: string[]): SQL {
  return sql`to_tsquery('simple_unaccent', ${words.map((w) => `${w}:*`).join(' & ')})`;
}

/** a message body (or any text column) matches every word prefix — evaluated per row, no index */
export function textMatches(column: SQL, words: string[]): SQL {
  return sql`to_tsvector('simple_unaccent', ${column}) @@ ${prefixTsQuerySql(words)}`;
}

/**
 * `lexeme` starts with the word as the search configuration normalises it: a range on a `COLLATE "C"` (byte
 * order) column, so a btree serves it under any database collation. A word the parser drops gives null: no match.
 */
function lexemePrefix(lexeme: SQL, word: string): SQL {
  const low = sql`(tsvector_to_array(to_tsvector('simple_unaccent', ${word}::text)))[1] collate "C"`;
  return sql`${lexeme} >= ${low} and ${lexeme} < ${low} || chr(1114111)`;
}

/**
 * Ids of the company's tickets whose messages contain every word (each word in any message of the ticket):
 * index-only ranges on ticket_search_terms (company_id, lexeme, ticket_id), one per word, intersected.
 */
export function ticketIdsWithWords(companyId: number, words: string[]): SQL {
  return sql.join(
    words.map(
      (w) =>
        sql`select s.ticket_id from ticket_search_terms s where s.company_id = ${companyId} and ${lexemePrefix(sql`s.lexeme`, w)}`,
    ),
    sql` intersect `,
  );
}

/** The ticket (an id expression of the outer query) has every word somewhere in its messages: one PK range per word. */
export function ticketHasWords(ticketId: SQL, words: string[]): SQL {
  return sql.join(
    words.map(
      (w) =>
        sql`exists (select 1 from ticket_search_terms s where s.ticket_id = ${ticketId} and ${lexemePrefix(sql`s.lexeme`, w)})`,
    ),
    sql` and `,
  );
}
