import { describe, expect, test } from 'bun:test';
import { creationConflictOf, creationConflictText, planTicketCreation } from './ticket-creation';
import type { MachineActor } from './ticket-machine';

const caps = {
  isAdmin: false,
  viewPendingTickets: true,
  allowNoQueue: false,
  allowMultipleTickets: false,
  'ticket-options:deleteTicket': false,
  'ticket-options:transferWhatsapp': false,
};
const agent: MachineActor = { userId: 7, queueIds: [1, 2], caps };
const admin: MachineActor = { userId: 1, queueIds: [], caps: { ...caps, isAdmin: true } };
const input = { contactId: 5, queueId: 1, userId: null, status: 'open' as const, whatsappId: 3 };

describe('planTicketCreation', () => {
  test('open for the requesting user, source 1 (active)', () => {
    expect(planTicketCreation(input, agent, [])).toEqual({
      ok: true,
      value: { contactId: 5, status: 'open', userId: 7, queueId: 1, whatsappId: 3, source: 1 },
    });
  });
  test('pending has no user', () => {
    const r = planTicketCreation({ ...input, status: 'pending', userId: 7 }, agent, []);
    expect(r).toMatchObject({ ok: true, value: { status: 'pending', userId: null } });
  });
  test('a queue must be chosen, except for an admin or allowNoQueue', () => {
    expect(planTicketCreation({ ...input, queueId: null }, agent, [])).toEqual({
      ok: false,
      error: 'ERR_VALIDATION',
      message: 'Selecione uma fila',
    });
    expect(planTicketCreation({ ...input, queueId: null }, admin, []).ok).toBe(true);
    expect(
      planTicketCreation({ ...input, queueId: null }, { ...agent, caps: { ...caps, allowNoQueue: true } }, []).ok,
    ).toBe(true);
  });
  test('a user creates only in their queues and only for themselves', () => {
    expect(planTicketCreation({ ...input, queueId: 9 }, agent, [])).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect(planTicketCreation({ ...input, userId: 8 }, agent, [])).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect(planTicketCreation({ ...input, userId: 8, queueId: 9 }, admin, [])).toMatchObject({
      ok: true,
      value: { userId: 8 },
    });
  });
  test('ERR_OTHER_OPEN_TICKET when the contact has an unfinished ticket on that connection', () => {
    expect(planTicketCreation(input, agent, [{ id: 1, whatsappId: 3 }])).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
    });
    expect(planTicketCreation(input, agent, [{ id: 1, whatsappId: 4 }]).ok).toBe(true);
    const multi = { ...agent, caps: { ...caps, allowMultipleTickets: true } };
    expect(planTicketCreation(input, multi, [{ id: 1, whatsappId: 3 }]).ok).toBe(true);
  });
  test('closed is not a creation status', () => {
    expect(planTicketCreation({ ...input, status: 'closed' }, agent, []).ok).toBe(false);
  });
});

describe('creationConflictOf: the three outcomes', () => {
  const base = { id: 10, user: { id: 8, name: 'Ana' }, queue: { id: 1, name: 'Vendas', color: '#0f0' } };
  test('same user → go to the ticket (9 s)', () => {
    const c = creationConflictOf({ ...base, status: 'open', userId: 7, user: { id: 7, name: 'Eu' } }, 7);
    expect(c).toEqual({ kind: 'sameUser', ticketId: 10, autoCloseMs: 9000 });
    expect(creationConflictText(c)).toBe('Você já tem um ticket aberto para este contato.');
  });
  test('open with another user → names the attendant and sector (30 s)', () => {
    const c = creationConflictOf({ ...base, status: 'open', userId: 8 }, 7);
    expect(c).toEqual({ kind: 'otherUser', ticketId: 10, attendant: 'Ana', sector: 'Vendas', autoCloseMs: 30000 });
    expect(creationConflictText(c)).toContain('Ana');
    expect(creationConflictText(c)).toContain('Vendas');
  });
  test('pending → go to the ticket, contact was already waiting', () => {
    const c = creationConflictOf({ ...base, status: 'pending', userId: null, user: null }, 7);
    expect(c).toEqual({ kind: 'pending', ticketId: 10 });
    expect(creationConflictText(c)).toBe('Este contato já estava aguardando atendimento.');
  });
});
