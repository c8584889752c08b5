import type { GeocodePlace } from '@zapdesk/core';
import type { GeocodeRequest, GeocoderPort } from './port';

/**
 * The embedded fake geocoder: a fixed list of well-known Brazilian places, searched by words (accents and case
 * ignored, every word of the query must appear). Used when GEOCODER_URL is unset (the demo, every test): no network.
 * `startFakeNominatim` serves the same places as a Nominatim-compatible HTTP server (for the real adapter's tests),
 * and can be told to hang (a timeout for the caller) or fail.
 */
export const FAKE_PLACES: readonly GeocodePlace[] = [
  {
    name: 'Avenida Paulista',
    address: 'Avenida Paulista, Bela Vista, São Paulo, SP, 01310-100, Brasil',
    latitude: -23.561414,
    longitude: -46.655881,
  },
  {
    name: 'Praça da Sé',
    address: 'Praça da Sé, Sé, São Paulo, SP, 01001-000, Brasil',
    latitude: -23.55052,
    longitude: -46.633309,
  },
  {
    name: 'Parque Ibirapuera',
    address: 'Parque Ibirapuera, Vila Mariana, São Paulo, SP, 04094-050, Brasil',
    latitude: -23.587416,
    longitude: -46.657634,
  },
  {
    name: 'Praia de Copacabana',
    address: 'Avenida Atlântica, Copacabana, Rio de Janeiro, RJ, 22070-000, Brasil',
    latitude: -22.971177,
    longitude: -43.182543,
  },
  {
    name: 'Cristo Redentor',
    address: 'Parque Nacional da Tijuca, Alto da Boa Vista, Rio de Janeiro, RJ, 22241-125, Brasil',
    latitude: -22.951916,
    longitude: -43.210487,
  },
  {
    name: 'Mercado Modelo',
    address: 'Praça Visconde de Cayru, Comércio, Salvador, BA, 40015-970, Brasil',
    latitude: -12.973699,
    longitude: -38.513935,
  },
  {
    name: 'Pelourinho',
    address: 'Largo do Pelourinho, Pelourinho, Salvador, BA, 40026-280, Brasil',
    latitude: -12.971389,
    longitude: -38.508611,
  },
  {
    name: 'Praça dos Três Poderes',
    address: 'Praça dos Três Poderes, Zona Cívico-Administrativa, Brasília, DF, 70100-000, Brasil',
    latitude: -15.800278,
    longitude: -47.860833,
  },
  {
    name: 'Mercado Ver-o-Peso',
    address: 'Boulevard Castilhos França, Campina, Belém, PA, 66010-020, Brasil',
    latitude: -1.452536,
    longitude: -48.503524,
  },
  {
    name: 'Marco Zero',
    address: 'Praça Rio Branco, Recife Antigo, Recife, PE, 50030-310, Brasil',
    latitude: -8.063149,
    longitude: -34.871139,
  },
  {
    name: 'Mercado Público de Porto Alegre',
    address: 'Largo Glênio Peres, Centro Histórico, Porto Alegre, RS, 90020-030, Brasil',
    latitude: -30.027222,
    longitude: -51.228333,
  },
  {
    name: 'Praça da Liberdade',
    address: 'Praça da Liberdade, Funcionários, Belo Horizonte, MG, 30140-010, Brasil',
    latitude: -19.932047,
    longitude: -43.937956,
  },
];

/** lower case, no accents, words of letters and digits */
export function searchWords(s: string): string[] {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1);
}

/** The fake's search: every word of the query in the place's name or address; places whose name matches first. */
export function fakeSearch(query: string, limit: number): GeocodePlace[] {
  const words = searchWords(query);
  if (!words.length) return [];
  const scored: { p: GeocodePlace; score: number }[] = [];
  for (const p of FAKE_PLACES) {
    const name = new Set(searchWords(p.name));
    const all = new Set([...name, ...searchWords(p.address)]);
    const hit = (w: string) => [...all].some((x) => x.startsWith(w));
    if (!words.every(hit)) continue;
    const score = words.filter((w) => [...name].some((x) => x.startsWith(w))).length;
    scored.push({ p, score });
  }
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((s) => ({ ...s.p }));
}

/** The in-process fake (the default adapter): answers at once from FAKE_PLACES. */
export const fakeGeocoder: GeocoderPort = {
  kind: 'fake',
  async search(req: GeocodeRequest): Promise<GeocodePlace[]> {
    return fakeSearch(req.query, req.limit);
  },
};

export type FakeNominatim = {
  url: string;
  /** the queries received, newest last */
  queries: string[];
  configure(opts: { hangNext?: number; failNext?: number; failStatus?: number }): void;
  close(): Promise<void>;
};

/** The fake as a Nominatim-compatible server (`GET /search?q=&format=jsonv2&limit=`) on 127.0.0.1. */
export function startFakeNominatim(opts: { port?: number } = {}): FakeNominatim {
  const state = { hangNext: 0, failNext: 0, failStatus: 500 };
  const queries: string[] = [];
  const hanging = new Set<() => void>();
  const server = Bun.serve({
    port: opts.port ?? 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method !== 'GET' || !url.pathname.endsWith('/search')) return new Response('not found', { status: 404 });
      const q = url.searchParams.get('q') ?? '';
      queries.push(q);
      if (queries.length > 200) queries.shift();
      if (state.hangNext > 0) {
        state.hangNext--;
        // answers only when the server closes (the caller's timeout fires first)
        await new Promise<void>((resolve) => hanging.add(resolve));
        return new Response('[]', { headers: { 'content-type': 'application/json' } });
      }
      if (state.failNext > 0) {
        state.failNext--;
        return new Response('unavailable', { status: state.failStatus });
      }
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 10) || 10, 50);
      const places = fakeSearch(q, limit).map((p, i) => ({
        place_id: i + 1,
        lat: String(p.latitude),
        lon: String(p.longitude),
        name: p.name,
        display_name: p.address,
        category: 'place',
        type: 'attraction',
      }));
      return Response.json(places);
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    queries,
    configure(o) {
      if (o.hangNext !== undefined) state.hangNext = o.hangNext;
      if (o.failNext !== undefined) state.failNext = o.failNext;
      if (o.failStatus !== undefined) state.failStatus = o.failStatus;
    },
    async close() {
      for (const r of hanging) r();
      hanging.clear();
      await server.stop(true);
    },
  };
}
