import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import * as repo from './locations.repo';

/** The demo's saved locations: branches of a Brazilian business, ready to send in a chat. */
export const DEMO_LOCATIONS = [
  {
    name: 'Loja Paulista',
    address: 'Avenida Paulista, 1578, Bela Vista, São Paulo, SP',
    latitude: -23.561414,
    longitude: -46.655881,
  },
  {
    name: 'Loja Centro (Praça da Sé)',
    address: 'Praça da Sé, Sé, São Paulo, SP',
    latitude: -23.55052,
    longitude: -46.633309,
  },
  {
    name: 'Filial Copacabana',
    address: 'Avenida Atlântica, Copacabana, Rio de Janeiro, RJ',
    latitude: -22.971177,
    longitude: -43.182543,
  },
  {
    name: 'Quiosque Mercado Modelo',
    address: 'Praça Visconde de Cayru, Comércio, Salvador, BA',
    latitude: -12.973699,
    longitude: -38.513935,
  },
] as const;

/** First embedded start: the demo company's locations, only while it never had one (never in production). */
export async function seedDemoLocations(companyName: string): Promise<void> {
  if (platform().env.production) return;
  const companyId = await repo.unsafeFindCompanyIdByName(companyName);
  if (companyId === null || (await repo.countAllLocations(companyId)) > 0) return;
  for (const l of DEMO_LOCATIONS) await repo.insertLocation(companyId, { ...l });
  log.info({ companyId, count: DEMO_LOCATIONS.length }, 'demo locations seeded');
}
