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
  { number: '5511977770001', name: 'Mariana Costa', body: 'Olá! Gostaria de um orçamento para 50 unidades.', lane: 0 },
  { number: '5511977770002', name: 'Pedro Almeida', body: 'Vocês entregam em Campinas?', lane: 0 },
  {
    number: '5511977770003',
    name: 'Juliana Ribeiro',
    body: 'Recebi a proposta, vou analisar com a diretoria.',
    lane: 1,
  },
  { number: '5511977770004', name: 'Rafael Souza', body: 'Pode me enviar o contrato para assinatura?', lane: 2 },
  { number: '5511977770005', name: 'Camila Ferreira', body: 'Bom dia, preciso de ajuda com meu pedido.', lane: null },
  { number: '5511977770006', name: 'Lucas Martins', body: 'Qual o prazo de entrega?', lane: null },
] as const;

/** Polls for the customers' tickets: every 500 ms, for at most a minute (not domain time: a startup chore). */
const ARRIVAL_POLLS = 120;

/**
 * The demo's kanban (first embedded start, after the demo connection): three kanban tags and six customers writing to
 * 'Principal' (real inbound messages through the simulator, so their chats have them); once their tickets exist (the
 * inbound pipeline is asynchronous: waited for in the background, startup is not held) four are put on tag lanes and
 * two stay in 'Em aberto'. Only while the demo company has no kanban tag.
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
