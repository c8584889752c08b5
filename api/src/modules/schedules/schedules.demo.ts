import { DEFAULT_TIMEZONE, instantOf, wallTimeAt } from '@zapdesk/core';
import { now } from '../../platform/clock';
import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import { upsertContactFromChannel } from '../contacts/contacts.channel';
import { planNext, publishSchedule } from './schedules.delivery';
import * as repo from './schedules.repo';

export const DEMO_SCHEDULE_CONTACT = { number: '5511988887777', name: 'Cliente Demonstração' } as const;

/** Next Monday (after today) at 09:00 in the zone. */
function nextMondayNine(from: number, timeZone: string): number {
  const w = wallTimeAt(from, timeZone);
  const weekday = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
  const ahead = (1 - weekday + 7) % 7 || 7;
  const day = new Date(Date.UTC(w.year, w.month - 1, w.day + ahead));
  return instantOf(
    {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      hour: 9,
      minute: 0,
      second: 0,
      millisecond: 0,
    },
    timeZone,
  );
}

/**
 * The demo's schedules (first embedded start, after the demo connection): for the contact 'Cliente Demonstração', a
 * weekly reminder pending for next Monday 09:00 (8 repetitions) and a one-off message due now, which the delivery
 * job sends for real through the demo's simulator connection as soon as the workers start (ENVIADA in /schedules,
 * the message in the chat). Only while the demo company has no schedule.
 */
export async function seedDemoSchedules(companyName: string, ownerEmail: string): Promise<void> {
  const env = platform().env;
  if (env.production || !env.simulatorEnabled) return;
  const companyId = await repo.unsafeFindCompanyIdByName(companyName);
  if (companyId === null || (await repo.countSchedules(companyId)) > 0) return;
  const ownerId = await repo.findUserIdByEmail(companyId, ownerEmail);
  const contact = await upsertContactFromChannel(companyId, { ...DEMO_SCHEDULE_CONTACT, isGroup: false });
  const timeZone = (await repo.companyTimeZone(companyId)) ?? DEFAULT_TIMEZONE;
  const monday = nextMondayNine(now(), timeZone);
  const sendNow = Math.ceil(now() / 1000) * 1000;
  const common = { contactId: contact.id, userId: ownerId, typeMessage: 'Texto', seriesBase: 0, status: 'PENDENTE' };
  const rows = [
    await repo.insertSchedule(companyId, {
      ...common,
      body: 'Bom dia! Lembrete semanal: sua consulta está confirmada. Responda 1 para remarcar.',
      typeSchedule: 'Recorrente Semanal',
      sendAt: new Date(monday),
      repeatCount: 8,
      nextOccurrence: 1,
      nextSendAt: new Date(monday),
    }),
    await repo.insertSchedule(companyId, {
      ...common,
      body: 'Olá! Esta mensagem foi agendada no ZapDesk e enviada na hora marcada.',
      typeSchedule: 'Único',
      sendAt: new Date(sendNow),
      repeatCount: null,
      nextOccurrence: 1,
      nextSendAt: new Date(sendNow),
    }),
  ];
  for (const row of rows) {
    await planNext(companyId, row);
    await publishSchedule(companyId, row.id, 'create');
  }
  log.info({ companyId }, 'demo schedules seeded');
}
