import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BufferJSON } from 'baileys';
import { REPO_ROOT } from '../../env';

const DIR = join(REPO_ROOT, 'api/test-fixtures/baileys');

/** Loads a recorded Baileys payload file (Buffers in BufferJSON form, as Baileys serialises them). */
export function loadBaileysFixture<T = Record<string, any>>(name: string): T {
  return JSON.parse(readFileSync(join(DIR, name), 'utf8'), BufferJSON.reviver) as T;
}
