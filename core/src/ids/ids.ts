import { z } from 'zod';

/**
 * Every id of ours is a Postgres `serial` (int4). A larger number is not "not found" but bad input: the database
 * would fail the statement. Every id schema caps at this value so a too-big id answers 400 with the field's text.
 */
export const ID_MAX = 2_147_483_647;

export const isDbId = (n: number): boolean => Number.isSafeInteger(n) && n > 0 && n <= ID_MAX;

/** A path or query id: numeric text (or a number) → positive int4; `message` is the route's text for a bad id. */
export const coercedId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(ID_MAX, message);
