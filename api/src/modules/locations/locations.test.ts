import { describe, expect, test } from 'bun:test';
import { LOCATION_TEXTS, type LocationDto, type MessageDto, type SharedLocationDto } from '@zapdesk/core';
import { eq } from 'drizzle-orm';
import { locations, messages, tickets } from '../../db/schema';
import { db } from '../../platform/db';
import { startFakeNominatim } from '../../platform/geocoding/fake-geocoder';
import { geocoder, geocoderFromEnv, useGeocoder } from '../../platform/geocoding/index';
import { nominatimGeocoder } from '../../platform/geocoding/nominatim-adapter';
import { rateLimiter } from '../../platform/ratelimit';
import { makeCompany, makeTenant, makeUser } from '../../test/factories';
import { useTenantPair, useTestApp } from '../../test/use-test-app';
import { DEMO_SHARED_PIN, seedDemoKanban } from '../kanban/kanban.demo';
import { connectedSimulator, startChannels, waitFor } from '../pipeline/pipeline.fixtures';
import { DEMO_LOCATIONS, seedDemoLocations } from './locations.demo';

const { t, events } = useTestApp(startChannels);
const { A, B } = useTenantPair();

const PAULISTA = { name: 'Loja Paulista', latitude: -23.561414, longitude: -46.655881 };

async function create(token: string, json: Record<string, unknown>) {
  const res = await t.req('POST', '/locations', { token, json });
  return { res, body: (await res.json()) as LocationDto & { error?: string; message?: string; fields?: object } };
}

describe('locations', () => {
  test('admin creates, reads, edits, soft-deletes; list with search and pages; live location-{companyId}', async () => {
    events.length = 0;
    const { res, body } = await create(A.admin.token, {
      ...PAULISTA,
      address: 'Avenida Paulista, 1000',
      isDeleted: true,
      companyId: B.company.id,
    });
    expect(res.status).toBe(200);
    // companyId and isDeleted of the body are the session's and false, whatever was sent
    expect(body).toMatchObject({
      ...PAULISTA,
      address: 'Avenida Paulista, 1000',
      isDeleted: false,
      companyId: A.company.id,
    });
    expect(
      events.some(
        (e) => e.channel === `location-${A.company.id}` && (e.data as { action: string }).action === 'create',
      ),
    ).toBe(true);

    // numeric text (a decimal comma too) as a form sends it
    const text = await create(A.admin.token, { name: 'Depósito', latitude: '-22,9711', longitude: '-43.1825' });
    expect(text.res.status).toBe(200);
    expect(text.body).toMatchObject({ latitude: -22.9711, longitude: -43.1825, address: '' });

    for (let i = 0; i < 20; i++) {
      await create(A.admin.token, { name: `Filial ${String(i).padStart(2, '0')}`, latitude: -10 - i, longitude: -40 });
    }
    // reading is open to every user of the company (the chat's location picker)
    const p1 = await (await t.req('GET', '/locations/', { token: A.agent.token })).json();
    expect(p1.locations).toHaveLength(20);
    expect(p1.hasMore).toBe(true);
    expect(p1.count).toBe(22);
    const p2 = await (await t.req('GET', '/locations/?pageNumber=2', { token: A.agent.token })).json();
    expect(p2.locations).toHaveLength(2);
    expect(p2.hasMore).toBe(false);
    const s = await (await t.req('GET', '/locations?searchParam=PAULISTA', { token: A.agent.token })).json();
    expect(s.locations.map((x: LocationDto) => x.id)).toEqual([body.id]);

    const shown = await t.req('GET', `/locations/${body.id}`, { token: A.agent.token });
    expect(await shown.json()).toMatchObject({ id: body.id, name: 'Loja Paulista' });

    const upd = await t.req('PUT', `/locations/${body.id}`, {
      token: A.admin.token,
      json: { name: 'Loja Copacabana', latitude: -22.971177, longitude: -43.182543, isDeleted: false },
    });
    expect(upd.status).toBe(200);
    expect(await upd.json()).toMatchObject({
      name: 'Loja Copacabana',
      latitude: -22.971177,
      longitude: -43.182543,
      address: 'Avenida Paulista, 1000',
    });
    expect(
      events.some(
        (e) => e.channel === `location-${A.company.id}` && (e.data as { action: string }).action === 'update',
      ),
    ).toBe(true);

    const del = await t.req('DELETE', `/locations/${body.id}`, { token: A.admin.token });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ message: LOCATION_TEXTS.deleted });
    expect(
      events.some(
        (e) =>
          e.channel === `location-${A.company.id}` &&
          (e.data as { action: string; locationId?: number }).locationId === body.id,
      ),
    ).toBe(true);
    // soft delete: the row stays, flagged; the API no longer shows, edits or deletes it
    const [row] = await db.select().from(locations).where(eq(locations.id, body.id));
    expect(row.isDeleted).toBe(true);
    expect((await t.req('GET', `/locations/${body.id}`, { token: A.admin.token })).status).toBe(404);
    const after = await (await t.req('GET', '/locations?searchParam=copacabana', { token: A.admin.token })).json();
    expect(after.locations).toEqual([]);
    expect(
      (await t.req('PUT', `/locations/${body.id}`, { token: A.admin.token, json: { name: 'Volta' } })).status,
    ).toBe(404);
    expect((await t.req('DELETE', `/locations/${body.id}`, { token: A.admin.token })).status).toBe(404);
  });

  test('validation texts: name, latitude and longitude required, ranges, sizes; never a 500', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ latitude: 1, longitude: 1 }, 'name', LOCATION_TEXTS.required],
      [{ name: '   ', latitude: 1, longitude: 1 }, 'name', LOCATION_TEXTS.required],
      [{ name: 'A', latitude: 1, longitude: 1 }, 'name', LOCATION_TEXTS.nameTooShort],
      [{ name: 'x'.repeat(101), latitude: 1, longitude: 1 }, 'name', LOCATION_TEXTS.nameTooLong],
      [{ name: 'Loja', longitude: 1 }, 'latitude', LOCATION_TEXTS.required],
      [{ name: 'Loja', latitude: '', longitude: 1 }, 'latitude', LOCATION_TEXTS.required],
      [{ name: 'Loja', latitude: 'abc', longitude: 1 }, 'latitude', LOCATION_TEXTS.latitudeInvalid],
      [{ name: 'Loja', latitude: true, longitude: 1 }, 'latitude', LOCATION_TEXTS.latitudeInvalid],
      [{ name: 'Loja', latitude: 90.0001, longitude: 1 }, 'latitude', LOCATION_TEXTS.latitudeRange],
      [{ name: 'Loja', latitude: -91, longitude: 1 }, 'latitude', LOCATION_TEXTS.latitudeRange],
      [{ name: 'Loja', latitude: 1 }, 'longitude', LOCATION_TEXTS.required],
      [{ name: 'Loja', latitude: 1, longitude: 180.5 }, 'longitude', LOCATION_TEXTS.longitudeRange],
      [{ name: 'Loja', latitude: 1, longitude: '-181' }, 'longitude', LOCATION_TEXTS.longitudeRange],
      [{ name: 'Loja', latitude: 1, longitude: '1e400' }, 'longitude', LOCATION_TEXTS.longitudeInvalid],
      [{ name: 'Loja', latitude: 1, longitude: 1, address: 'r'.repeat(301) }, 'address', LOCATION_TEXTS.addressTooLong],
    ];
    for (const [json, field, text] of cases) {
      const { res, body } = await create(A.admin.token, json);
      expect({ json, status: res.status, error: body.error }).toEqual({ json, status: 400, error: 'ERR_VALIDATION' });
      expect({ json, text: (body.fields as Record<string, string>)[field] }).toEqual({ json, text });
    }
    // the edges are valid
    const edge = await create(A.admin.token, { name: 'Polo', latitude: -90, longitude: 180 });
    expect(edge.res.status).toBe(200);
    const bad = await t.req('PUT', `/locations/${edge.body.id}`, { token: A.admin.token, json: { latitude: 100 } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.latitude).toBe(
      LOCATION_TEXTS.latitudeRange,
    );
    expect((await t.req('GET', '/locations/abc', { token: A.admin.token })).status).toBe(400);
    expect((await t.req('GET', '/locations/2147483648', { token: A.admin.token })).status).toBe(400);
    expect((await t.req('GET', `/locations?searchParam=${'x'.repeat(201)}`, { token: A.admin.token })).status).toBe(
      400,
    );
  });

  test('another company’s location answers 404 to every route; an attendant may read but not change', async () => {
    const mine = (await create(A.admin.token, { name: 'Sede A', latitude: -15.8, longitude: -47.86 })).body;
    for (const [method, json] of [
      ['GET', undefined],
      ['PUT', { name: 'Invasão' }],
      ['DELETE', undefined],
    ] as const) {
      const r = await t.req(method, `/locations/${mine.id}`, { token: B.admin.token, json });
      expect({ method, status: r.status }).toEqual({ method, status: 404 });
    }
    const listB = await (await t.req('GET', '/locations?searchParam=sede a', { token: B.admin.token })).json();
    expect(listB.locations).toEqual([]);
    const [row] = await db.select().from(locations).where(eq(locations.id, mine.id));
    expect(row).toMatchObject({ name: 'Sede A', isDeleted: false });

    const refused = [
      await t.req('POST', '/locations', { token: A.agent.token, json: { ...PAULISTA } }),
      await t.req('PUT', `/locations/${mine.id}`, { token: A.agent.token, json: { name: 'Outro' } }),
      await t.req('DELETE', `/locations/${mine.id}`, { token: A.agent.token }),
      await t.req('GET', '/locations/search?q=Paulista', { token: A.agent.token }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect((await t.req('GET', `/locations/${mine.id}`, { token: A.agent.token })).status).toBe(200);
    expect((await t.req('GET', '/locations')).status).toBe(401);
  });

  test('places search: the embedded fake answers Brazilian places (accents and case ignored)', async () => {
    expect(geocoder().kind).toBe('fake');
    const r = await t.req('GET', '/locations/search?q=avenida%20paulista%20sao%20paulo', { token: A.admin.token });
    expect(r.status).toBe(200);
    const { places } = (await r.json()) as { places: { name: string; address: string; latitude: number }[] };
    expect(places[0]).toMatchObject({ name: 'Avenida Paulista', latitude: -23.561414, longitude: -46.655881 });
    expect(places[0].address).toContain('São Paulo');
    const se = await (await t.req('GET', '/locations/search?q=PRACA%20DA%20SE', { token: A.admin.token })).json();
    expect(se.places[0].name).toBe('Praça da Sé');
    const rio = await (await t.req('GET', '/locations/search?q=copacabana', { token: A.admin.token })).json();
    expect(rio.places[0].address).toContain('Rio de Janeiro');
    const ssa = await (await t.req('GET', '/locations/search?q=mercado%20modelo', { token: A.admin.token })).json();
    expect(ssa.places[0]).toMatchObject({ name: 'Mercado Modelo' });
    const bsb = await (await t.req('GET', '/locations/search?q=tres%20poderes', { token: A.admin.token })).json();
    expect(bsb.places[0]).toMatchObject({ name: 'Praça dos Três Poderes' });
    const none = await (await t.req('GET', '/locations/search?q=Atlantida%20Perdida', { token: A.admin.token })).json();
    expect(none.places).toEqual([]);

    const short = await t.req('GET', '/locations/search?q=ab', { token: A.admin.token });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { message: string }).message).toBe(LOCATION_TEXTS.searchTooShort);
    expect((await t.req('GET', `/locations/search?q=${'a'.repeat(201)}`, { token: A.admin.token })).status).toBe(400);
    expect((await t.req('GET', '/locations/search', { token: A.admin.token })).status).toBe(400);
  });

  test('places search is rate-limited per company: 429 with Retry-After', async () => {
    const tenant = await makeTenant();
    const other = await makeTenant();
    for (let i = 0; i < 30; i++) {
      const r = await t.req('GET', '/locations/search?q=paulista', { token: tenant.admin.token });
      expect(r.status).toBe(200);
    }
    const limited = await t.req('GET', '/locations/search?q=paulista', { token: tenant.admin.token });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(await limited.json()).toMatchObject({
      error: 'ERR_TOO_MANY_REQUESTS',
      message: LOCATION_TEXTS.searchLimited,
    });
    // another company is not affected
    expect((await t.req('GET', '/locations/search?q=paulista', { token: other.admin.token })).status).toBe(200);
    await rateLimiter().reset(`locations:search:${tenant.company.id}`);
  });

  test('the Nominatim adapter over HTTP: places, a hung server → 504 ERR_GEOCODER_TIMEOUT, a failure → 502', async () => {
    expect(geocoderFromEnv({ geocoderTimeoutMs: 1000 }).kind).toBe('fake');
    expect(geocoderFromEnv({ geocoderUrl: 'http://127.0.0.1:9', geocoderTimeoutMs: 1000 }).kind).toBe('nominatim');
    const server = startFakeNominatim();
    useGeocoder(nominatimGeocoder({ url: server.url, timeoutMs: 300 }));
    try {
      const ok = await t.req('GET', '/locations/search?q=Pelourinho%20Salvador', { token: A.admin.token });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { places: unknown[] }).places[0]).toMatchObject({
        name: 'Pelourinho',
        latitude: -12.971389,
        longitude: -38.508611,
      });
      expect(server.queries.at(-1)).toBe('Pelourinho Salvador');

      server.configure({ hangNext: 1 });
      const started = Date.now();
      const slow = await t.req('GET', '/locations/search?q=Paulista', { token: A.admin.token });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(slow.status).toBe(504);
      expect(await slow.json()).toMatchObject({
        error: 'ERR_GEOCODER_TIMEOUT',
        message: 'A busca de endereços demorou demais. Tente novamente.',
      });

      server.configure({ failNext: 1, failStatus: 503 });
      const failed = await t.req('GET', '/locations/search?q=Paulista', { token: A.admin.token });
      expect(failed.status).toBe(502);
      expect(((await failed.json()) as { error: string }).error).toBe('ERR_GEOCODER_UNAVAILABLE');

      // nothing listens there: unavailable, not a hang or a 500
      useGeocoder(nominatimGeocoder({ url: 'http://127.0.0.1:9', timeoutMs: 1000 }));
      const down = await t.req('GET', '/locations/search?q=Paulista', { token: A.admin.token });
      expect(down.status).toBe(502);
    } finally {
      useGeocoder(undefined);
      await server.close();
    }
  });

  test('a saved location sent in a chat reaches the simulator outbox as a location and is stored as one', async () => {
    const tenant = await makeTenant();
    const agent = await makeUser(tenant.company.id, { profile: 'user' });
    const w = await connectedSimulator(t, tenant.admin.token);
    const wid = `IN-${Math.random().toString(36).slice(2)}`;
    await t.req('POST', `/simulator/${w}/inbound`, {
      token: tenant.admin.token,
      json: { from: '5511987650101', name: 'Cliente', body: 'onde fica a loja?', id: wid },
    });
    const inbound = await waitFor(async () => (await db.select().from(messages).where(eq(messages.wid, wid)))[0]);
    await db.update(tickets).set({ status: 'open', userId: agent.user.id }).where(eq(tickets.id, inbound.ticketId));
    const loc = (
      await create(tenant.admin.token, {
        name: 'Mercado Modelo',
        latitude: -12.973699,
        longitude: -38.513935,
        address: 'Praça Visconde de Cayru, Salvador',
      })
    ).body;

    const res = await t.req('POST', `/messages/${inbound.ticketId}/${tenant.company.id}`, {
      token: agent.token,
      json: { locationId: loc.id, ticketId: inbound.ticketId, quotedMsg: inbound.id },
    });
    expect(res.status).toBe(200);
    const [m] = ((await res.json()) as { messages: MessageDto[] }).messages;
    expect(m).toMatchObject({
      fromMe: true,
      mediaType: 'location',
      quotedMsgId: inbound.id,
      body: 'Mercado Modelo\nPraça Visconde de Cayru, Salvador\nhttps://maps.google.com/maps?q=-12.973699%2C-38.513935&z=17',
      dataJson: { latitude: -12.973699, longitude: -38.513935, name: 'Mercado Modelo', locationId: loc.id },
    });
    const [ticket] = await db.select().from(tickets).where(eq(tickets.id, inbound.ticketId));
    expect(ticket.lastMessage).toContain('Localização');

    const box = (await (
      await t.req('GET', `/simulator/${w}/outbox?to=5511987650101`, { token: tenant.admin.token })
    ).json()) as { id: string; mediaType: string; body: string; location: unknown; quotedId: string | null }[];
    expect(box).toHaveLength(1);
    expect(box[0]).toMatchObject({
      id: m.wid,
      mediaType: 'location',
      body: 'Mercado Modelo\nPraça Visconde de Cayru, Salvador',
      quotedId: wid,
      location: {
        latitude: -12.973699,
        longitude: -38.513935,
        name: 'Mercado Modelo',
        address: 'Praça Visconde de Cayru, Salvador',
      },
    });

    // the customer shares a pin from another chat: /maps lists the last location of each conversation
    const wid2 = `IN-${Math.random().toString(36).slice(2)}`;
    await t.req('POST', `/simulator/${w}/inbound`, {
      token: tenant.admin.token,
      json: { from: '5511987650102', name: 'Outra Cliente', latitude: -15.800278, longitude: -47.860833, id: wid2 },
    });
    await waitFor(async () => (await db.select().from(messages).where(eq(messages.wid, wid2)))[0]);
    const shared = await t.req('GET', '/locations/shared', { token: tenant.admin.token });
    expect(shared.status).toBe(200);
    const list = ((await shared.json()) as { shared: Record<string, unknown>[] }).shared;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ contactNumber: '5511987650102', fromMe: false, latitude: -15.800278 });
    expect(list[1]).toMatchObject({
      messageId: m.id,
      ticketId: inbound.ticketId,
      ticketUuid: ticket.uuid,
      contactNumber: '5511987650101',
      latitude: -12.973699,
      longitude: -38.513935,
      name: 'Mercado Modelo',
      fromMe: true,
    });
    expect((await t.req('GET', '/locations/shared', { token: agent.token })).status).toBe(403);
    const others = await (await t.req('GET', '/locations/shared', { token: B.admin.token })).json();
    expect(others.shared.some((x: { ticketId: number }) => x.ticketId === inbound.ticketId)).toBe(false);

    // a deleted location can no longer be sent; another company's neither
    await t.req('DELETE', `/locations/${loc.id}`, { token: tenant.admin.token });
    const gone = await t.req('POST', `/messages/${inbound.ticketId}/${tenant.company.id}`, {
      token: agent.token,
      json: { locationId: loc.id },
    });
    expect(gone.status).toBe(404);
    const foreign = (await create(B.admin.token, { name: 'Filial B', latitude: 1, longitude: 1 })).body;
    const cross = await t.req('POST', `/messages/${inbound.ticketId}/${tenant.company.id}`, {
      token: agent.token,
      json: { locationId: foreign.id },
    });
    expect(cross.status).toBe(404);
    expect(
      (await (await t.req('GET', `/simulator/${w}/outbox?to=5511987650101`, { token: tenant.admin.token })).json())
        .length,
    ).toBe(1);
  });

  test('demo seed: four saved locations once, not again after they are deleted', async () => {
    const company = await makeCompany({ name: `Demo Locais ${Date.now()}` });
    await seedDemoLocations(company.name);
    const rows = await db.select().from(locations).where(eq(locations.companyId, company.id));
    expect(rows.map((r) => r.name).sort()).toEqual(DEMO_LOCATIONS.map((l) => l.name).sort());
    await db.update(locations).set({ isDeleted: true }).where(eq(locations.companyId, company.id));
    await seedDemoLocations(company.name);
    expect(await db.select().from(locations).where(eq(locations.companyId, company.id))).toHaveLength(4);
  });

  test('demo: a customer of the demo conversations shares a pin, so /maps shows a conversation’s location', async () => {
    const tenant = await makeTenant();
    await connectedSimulator(t, tenant.admin.token, { isDefault: true });
    await seedDemoKanban(tenant.company.name, tenant.admin.user.email);
    const pin = await waitFor(async () => {
      const res = await t.req('GET', '/locations/shared', { token: tenant.admin.token });
      const { shared } = (await res.json()) as { shared: SharedLocationDto[] };
      return shared.find((s) => s.contactNumber === DEMO_SHARED_PIN.contact.number);
    }, 30_000);
    expect(pin).toMatchObject({
      contactName: DEMO_SHARED_PIN.contact.name,
      latitude: DEMO_SHARED_PIN.latitude,
      longitude: DEMO_SHARED_PIN.longitude,
      name: DEMO_SHARED_PIN.address,
      fromMe: false,
    });
    const [m] = await db.select().from(messages).where(eq(messages.id, pin.messageId));
    expect(m.mediaType).toBe('location');
  }, 60_000);
});
