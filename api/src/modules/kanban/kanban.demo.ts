import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import { ensureSystemTag } from '../tags/tags.service';
import { emitTicketEvent, loadTicketDto, unfinishedTicketsOfContacts } from '../tickets/tickets.service';
import { simulatorInboundOp } from '../whatsapp/simulator.ops';
import * as repo from './kanban.repo';

export const DEMO_KANBAN_TAGS = [
  { name: 'Novo lead', color: '#3B82F6' },
  { name: 'Proposta enviada', color: '#F59E0B' },
  { name: 'Fechamento', color: '#16A34A' },
] as const;

/** Customers writing to the demo's 'Principal'; `lane` is the index of their kanban tag (null: 'Em aberto'). */
export const DEMO_KANBAN_CONTACTS = [
  { number: '5511977771001', name: 'Mariana Costa', body: 'Olá! Gostaria de um orçamento para 50 unidades.', lane: 0 },
  { number: '5511977771002', name: 'Pedro Almeida', body: 'Vocês entregam em Campinas?', lane: 0 },
  {
    number: '5511977771003',
    name: 'Juliana Ribeiro',
    body: 'Recebi a proposta, vou analisar com a diretoria.',
    lane: 1,
  },
  { number: '5511977771004', name: 'Rafael Souza', body: 'Pode me enviar o contrato para assinatura?', lane: 2 },
  { number: '5511977771005', name: 'Camila Ferreira', body: 'Bom dia, preciso de ajuda com meu pedido.', lane: null },
  { number: '5511977771006', name: 'Lucas Martins', body: 'Qual o prazo de entrega?', lane: null },
] as const;

/**
 * One of them then shares where to deliver (a WhatsApp pin, as a customer's phone sends it): the chat shows the map
 * bubble and /maps a conversation's location beside the saved ones.
 */
export const DEMO_SHARED_PIN = {
  contact: DEMO_KANBAN_CONTACTS[1],
  latitude: -22.906847,
  longitude: -47.062081,
  address: 'Rua Barão de Jaguara, 1000 - Centro, Campinas - SP',
} as const;

/** Polls for the customers' tickets: every 500 ms, for at most a minute (not domain time: a startup chore). */
const ARRIVAL_POLLS = 120;

/**
 * The demo's kanban (first embedded start, after the demo connection): three kanban tags and six customers writing to
 * 'Principal' (real inbound messages through the simulator, so their chats have them), one of them then sharing a
 * location (`DEMO_SHARED_PIN`); once their tickets exist (the inbound pipeline is asynchronous: waited for in the
 * background, startup is not held) four are put on tag lanes and two stay in 'Em aberto'. Only while the demo company
 * has no kanban tag. Their numbers (…771001–6) are nobody else's in the demo (the demo campaign writes to …770001–2).
 */
export async function seedDemoKanban(companyName: string, ownerEmail: string): Promise<void> {
  const env = platform().env;
  if (env.production || !env.simulatorEnabled) return;
  const companyId = await repo.unsafeFindCompanyIdByName(companyName);
  if (companyId === null || (await repo.countKanbanTags(companyId)) > 0) return;
  const whatsappId = await repo.defaultWhatsappId(companyId);
  const ownerId = await repo.userIdByEmail(companyId, ownerEmail);
  if (whatsappId === null || ownerId === null) return;
  const tagIds: number[] = [];
  for (const t of DEMO_KANBAN_TAGS) tagIds.push(await ensureSystemTag(companyId, { ...t, kanban: 1, userId: ownerId }));
  for (const c of DEMO_KANBAN_CONTACTS) {
    await simulatorInboundOp(whatsappId, { from: c.number, name: c.name, body: c.body });
  }
  const pin = DEMO_SHARED_PIN;
  await simulatorInboundOp(whatsappId, {
    from: pin.contact.number,
    name: pin.contact.name,
    latitude: pin.latitude,
    longitude: pin.longitude,
    body: `${pin.address}\nhttps://maps.google.com/maps?q=${pin.latitude}%2C${pin.longitude}&z=17`,
  });
  void placeOnLanes(companyId, tagIds).catch((err) => log.warn({ err }, 'demo kanban: tickets not placed'));
}

async function placeOnLanes(companyId: number, tagIds: number[]): Promise<void> {
  const waiting = new Map<string, number>(
    DEMO_KANBAN_CONTACTS.flatMap((c) => (c.lane === null ? [] : [[c.number, tagIds[c.lane]] as [string, number]])),
  );
  for (let poll = 0; waiting.size && poll < ARRIVAL_POLLS; poll++) {
    for (const [number, tagId] of [...waiting]) {
      const [ticket] = await unfinishedTicketsOfContacts(companyId, { numbers: [number], lids: [] });
      if (!ticket) continue;
      waiting.delete(number);
      if (await repo.addTicketTag(companyId, ticket.id, tagId)) {
        emitTicketEvent(companyId, { action: 'update', ticket: await loadTicketDto(companyId, ticket.id) });
      }
    }
    if (waiting.size) await Bun.sleep(500);
  }
}
