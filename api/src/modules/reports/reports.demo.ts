/**
 * The demo's past conversations (first embedded start, after the demo connection): ~48 resolved conversations over
 * the last four weeks with realistic instants — a quarter first talk to the chatbot, some are transferred, some
 * reopened, a few closed without anyone accepting them — so /dash and /reports show non-trivial figures at once.
 * The instants come from core's timeline rules (instantsOfTimeline), like the ticket machine records them. Only while
 * the demo's report contacts have no ticket.
 */
import { instantsOfTimeline, type TimelineStep } from '@zapdesk/core';
import { nowDate } from '../../platform/clock';
import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import { upsertContactFromChannel } from '../contacts/contacts.channel';
import { insertPastTickets, type PastTicket, unsafeDemoTicketRefs } from '../tickets/tickets.service';

const CONTACT_PREFIX = '55119777700';
const NAMES = [
  'Mariana Souza',
  'João Pereira',
  'Fernanda Lima',
  'Ricardo Alves',
  'Patrícia Gomes',
  'Lucas Martins',
  'Camila Rocha',
  'Gustavo Ribeiro',
  'Juliana Castro',
  'Rafael Teixeira',
  'Beatriz Moura',
  'Thiago Barbosa',
];
const LAST = ['Obrigado pelo atendimento!', 'Tudo certo, até mais.', 'Resolvido, obrigada!', 'Valeu!'];
const COUNT = 48;
const MIN = 60_000;

/** a stable fraction in [0, 1) per ticket and key */
const frac = (i: number, k: number) => (((i + 1) * 2654435761 + k * 40503) % 1000) / 1000;

export async function seedDemoReports(companyName: string, userEmails: string[]): Promise<void> {
  const env = platform().env;
  if (env.production || !env.simulatorEnabled) return;
  const refs = await unsafeDemoTicketRefs(companyName, userEmails, CONTACT_PREFIX);
  if (!refs || refs.past > 0 || !refs.userIds.length) return;
  const { companyId, userIds, queueIds, whatsappId } = refs;
  const contacts = [];
  for (const [i, name] of NAMES.entries()) {
    contacts.push(
      await upsertContactFromChannel(companyId, {
        number: `${CONTACT_PREFIX}${String(i + 10).padStart(2, '0')}`,
        name,
        isGroup: false,
      }),
    );
  }
  const now = nowDate().getTime();
  const rows: PastTicket[] = [];
  for (let i = 0; i < COUNT; i++) {
    // spread over the last 27 days, office hours (09:00–18:00 in São Paulo), newer days a little busier
    const daysAgo = Math.floor(27 * frac(i, 1) ** 1.3);
    const day = new Date(now - daysAgo * 86_400_000);
    day.setUTCHours(12 + Math.floor(frac(i, 2) * 9), Math.floor(frac(i, 3) * 60), 0, 0);
    const created = Math.min(day.getTime(), now - 3 * 60 * MIN);
    const queueId = queueIds.length ? queueIds[i % queueIds.length] : null;
    const user = userIds[i % userIds.length];
    const other = userIds[(i + 1) % userIds.length];
    const at = (ms: number) => new Date(created + ms);
    const steps: TimelineStep[] = [];
    let t = 0;
    if (i % 4 === 0) {
      steps.push({ at: at(0), kind: 'created', state: { status: 'pending', userId: null, queueId: null } });
      steps.push({ at: at(0), kind: 'botTook' });
      t += (2 + Math.floor(frac(i, 4) * 3)) * MIN;
      steps.push({ at: at(t), kind: 'move', to: { status: 'pending', userId: null, queueId }, by: 'platform' });
    } else {
      steps.push({ at: at(0), kind: 'created', state: { status: 'pending', userId: null, queueId } });
    }
    if (i % 13 === 7) {
      // nobody took it: an administrator closed it
      t += (30 + Math.floor(frac(i, 5) * 120)) * MIN;
      steps.push({ at: at(t), kind: 'move', to: { status: 'closed', userId: user, queueId }, by: 'person' });
    } else {
      t += Math.round((1 + frac(i, 6) ** 2 * 24) * MIN);
      steps.push({ at: at(t), kind: 'move', to: { status: 'open', userId: user, queueId }, by: 'person' });
      let owner = user;
      if (i % 9 === 2 && other !== user) {
        t += 5 * MIN;
        owner = other;
        steps.push({ at: at(t), kind: 'move', to: { status: 'open', userId: other, queueId }, by: 'person' });
      }
      t += Math.round((4 + frac(i, 7) * 76) * MIN);
      steps.push({ at: at(t), kind: 'move', to: { status: 'closed', userId: owner, queueId }, by: 'person' });
      if (i % 11 === 3 && created + t + 24 * 60 * MIN + 20 * MIN < now) {
        t += 24 * 60 * MIN;
        steps.push({ at: at(t), kind: 'move', to: { status: 'open', userId: owner, queueId }, by: 'person' });
        t += 10 * MIN;
        steps.push({ at: at(t), kind: 'move', to: { status: 'closed', userId: owner, queueId }, by: 'person' });
      }
    }
    const { instants, state } = instantsOfTimeline(steps);
    rows.push({
      contactId: contacts[i % contacts.length].id,
      status: state.status,
      queueId: state.queueId,
      userId: state.userId,
      whatsappId,
      source: 0,
      isGroup: false,
      createdAt: at(0),
      instants,
      lastMessage: LAST[i % LAST.length],
    });
  }
  const ids = await insertPastTickets(companyId, rows);
  log.info({ companyId, tickets: ids.length }, 'demo report history seeded');
}
