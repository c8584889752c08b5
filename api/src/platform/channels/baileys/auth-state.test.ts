import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { initAuthCreds, proto } from 'baileys';
import { and, eq } from 'drizzle-orm';
import { whatsappAuthKeys, whatsapps } from '../../../db/schema';
import { makeCompany } from '../../../test/factories';
import { setupTestApp, type TestApp } from '../../../test/harness';
import { countAuthKeys } from './auth-keys.repo';
import { createRetryStore, RETRY_TTL_MS, useDbAuthState } from './auth-state';
import { createSecretBox } from './secret-box';

let t: TestApp;
let companyId: number;
let otherCompanyId: number;
let connId: number;
let otherConnId: number;
const secret = 'auth-state-test-secret-0123456789abcdefghij';

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.platform.dbh.db;
  companyId = (await makeCompany()).id;
  otherCompanyId = (await makeCompany()).id;
  const [mine] = await db.insert(whatsapps).values({ companyId, name: 'Principal' }).returning({ id: whatsapps.id });
  const [theirs] = await db
    .insert(whatsapps)
    .values({ companyId: otherCompanyId, name: 'Outra' })
    .returning({ id: whatsapps.id });
  connId = mine!.id;
  otherConnId = theirs!.id;
}, 60_000);
afterAll(() => t.close());

describe('secret box', () => {
  test('round-trips and refuses a tampered value, another row or another secret', () => {
    const box = createSecretBox(secret);
    const sealed = box.seal('{"a":1}', '1:creds');
    expect(sealed).toStartWith('v1:');
    expect(sealed).not.toContain('"a"');
    expect(box.open(sealed, '1:creds')).toBe('{"a":1}');
    expect(() => box.open(sealed, '2:creds')).toThrow();
    expect(() => createSecretBox(`${secret}x`).open(sealed, '1:creds')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => box.open(`v1:${raw.toString('base64')}`, '1:creds')).toThrow();
    expect(box.seal('x', 'a')).not.toBe(box.seal('x', 'a'));
  });
});

describe('database auth state', () => {
  test('first start has fresh creds; saved creds come back identical with their Buffers', async () => {
    const first = await useDbAuthState({ companyId, whatsappId: connId, secret });
    expect(first.restored).toBe(false);
    first.state.creds.me = { id: '5511911112222:7@s.whatsapp.net', lid: '999888777666555:7@lid', name: 'Loja' };
    first.state.creds.registered = true;
    await first.saveCreds();

    const again = await useDbAuthState({ companyId, whatsappId: connId, secret });
    expect(again.restored).toBe(true);
    expect(again.state.creds.me?.id).toBe('5511911112222:7@s.whatsapp.net');
    expect(Buffer.isBuffer(again.state.creds.noiseKey.private)).toBe(true);
    expect(Buffer.from(again.state.creds.noiseKey.private)).toEqual(Buffer.from(first.state.creds.noiseKey.private));
    expect(again.state.creds.advSecretKey).toBe(first.state.creds.advSecretKey);
  });

  test('values are encrypted at rest', async () => {
    const rows = await t.platform.dbh.db
      .select()
      .from(whatsappAuthKeys)
      .where(and(eq(whatsappAuthKeys.whatsappId, connId), eq(whatsappAuthKeys.key, 'creds')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.companyId).toBe(companyId);
    expect(rows[0]!.value).toStartWith('v1:');
    expect(rows[0]!.value).not.toContain('noiseKey');
    expect(rows[0]!.value).not.toContain('5511911112222');
  });

  test('signal keys: set, get (missing ids undefined), app-state keys revived as protobuf, delete with null', async () => {
    const { state } = await useDbAuthState({ companyId, whatsappId: connId, secret });
    const pair = initAuthCreds().signedIdentityKey;
    await state.keys.set({
      'pre-key': { '1': pair, '2': pair },
      session: { '5511987654321.0': new Uint8Array([9, 8, 7]) },
      'app-state-sync-key': { AAAA: { keyData: new Uint8Array([1, 2, 3]), timestamp: 1767272400 } },
      'lid-mapping': { '5511987654321': '123456789012345' },
    });
    const pre = await state.keys.get('pre-key', ['1', '2', '3']);
    expect(Buffer.from(pre['1']!.public)).toEqual(Buffer.from(pair.public));
    expect('3' in pre).toBe(true);
    expect(pre['3']).toBeUndefined();
    const sess = await state.keys.get('session', ['5511987654321.0']);
    expect([...sess['5511987654321.0']!]).toEqual([9, 8, 7]);
    const app = await state.keys.get('app-state-sync-key', ['AAAA']);
    expect(app.AAAA).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect([...(app.AAAA!.keyData as Uint8Array)]).toEqual([1, 2, 3]);
    expect((await state.keys.get('lid-mapping', ['5511987654321']))['5511987654321']).toBe('123456789012345');

    await state.keys.set({ 'pre-key': { '1': null } });
    expect((await state.keys.get('pre-key', ['1', '2']))['1']).toBeUndefined();
    expect((await state.keys.get('pre-key', ['1', '2']))['2']).toBeDefined();
  });

  test('a changed secret reads as a fresh session instead of crashing', async () => {
    const other = await useDbAuthState({ companyId, whatsappId: connId, secret: `${secret}-rotated` });
    expect(other.restored).toBe(false);
    expect((await other.state.keys.get('pre-key', ['2']))['2']).toBeUndefined();
  });

  test('tenancy: another company cannot read nor overwrite these keys through its scope', async () => {
    const foreign = await useDbAuthState({ companyId: otherCompanyId, whatsappId: connId, secret });
    expect(foreign.restored).toBe(false);
    expect((await foreign.state.keys.get('pre-key', ['2']))['2']).toBeUndefined();
    await foreign.state.keys.set({ 'pre-key': { '2': initAuthCreds().signedIdentityKey } });
    const mine = await useDbAuthState({ companyId, whatsappId: connId, secret });
    const still = await mine.state.keys.get('pre-key', ['2']);
    expect(still['2']).toBeDefined();
    // the foreign write did not replace the row (its ciphertext is bound to the same aad, so compare bytes)
    const rows = await t.platform.dbh.db
      .select({ companyId: whatsappAuthKeys.companyId })
      .from(whatsappAuthKeys)
      .where(and(eq(whatsappAuthKeys.whatsappId, connId), eq(whatsappAuthKeys.key, 'pre-key:2')));
    expect(rows).toEqual([{ companyId }]);
    await foreign.clear();
    expect(await countAuthKeys(companyId, connId)).toBeGreaterThan(0);
  });

  test('clear drops the whole session of that connection only', async () => {
    const otherConn = await useDbAuthState({ companyId: otherCompanyId, whatsappId: otherConnId, secret });
    await otherConn.saveCreds();
    const mine = await useDbAuthState({ companyId, whatsappId: connId, secret });
    await mine.clear();
    expect(await countAuthKeys(companyId, connId)).toBe(0);
    expect(await countAuthKeys(otherCompanyId, otherConnId)).toBe(1);
    expect((await useDbAuthState({ companyId, whatsappId: connId, secret })).restored).toBe(false);
  });
});

describe('retry store (getMessage)', () => {
  test('keeps sent messages as protobuf and prunes after 24 h', async () => {
    const store = createRetryStore({ companyId, whatsappId: connId, secret });
    await store.put('3EB0SENT01', { extendedTextMessage: { text: 'Olá! Seu pedido saiu para entrega.' } });
    const back = await store.get('3EB0SENT01');
    expect(back?.extendedTextMessage?.text).toBe('Olá! Seu pedido saiu para entrega.');
    expect(await store.get('3EB0MISSING')).toBeUndefined();
    expect(await store.prune(new Date())).toBe(0);
    expect(await store.prune(new Date(Date.now() + RETRY_TTL_MS + 60_000))).toBe(1);
    expect(await store.get('3EB0SENT01')).toBeUndefined();
  });
});
