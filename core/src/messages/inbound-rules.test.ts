import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  connectionVerdict,
  countsAsUnread,
  INBOUND_NOTE,
  inboundParties,
  LAST_MESSAGE_MAX,
  personOf,
  runsAfterInbound,
  senderParty,
  shouldGreet,
  ticketLastMessage,
} from './inbound-rules';

const msg = (o: Partial<Parameters<typeof inboundParties>[0]> = {}) => ({
  remoteJid: '5511999990000@s.whatsapp.net',
  fromMe: false,
  type: 'chat',
  ...o,
});

describe('inboundParties', () => {
  test('a person: the chat is the person, named by the push name', () => {
    expect(inboundParties(msg({ pushName: 'Ana' }))).toEqual({
      isGroup: false,
      chat: { number: '5511999990000', lid: null, name: 'Ana', isGroup: false },
      participant: null,
    });
  });
  test('typed on our own phone: the push name is ours, not the contact’s', () => {
    const r = inboundParties(msg({ pushName: 'Loja', fromMe: true }));
    expect('chat' in r && r.chat.name).toBeNull();
  });
  test('a LID with its phone-number alternative is one person with both', () => {
    const r = inboundParties(msg({ remoteJid: '123@lid', remoteJidAlt: '5511999990000@s.whatsapp.net' }));
    expect('chat' in r && r.chat).toMatchObject({ number: '5511999990000', lid: '123@lid' });
  });
  test('a group: the group is the chat, the participant the sender (none for our own message)', () => {
    const r = inboundParties(
      msg({ remoteJid: '1203-99@g.us', participant: '5511988887777@s.whatsapp.net', pushName: 'Bia' }),
    );
    expect(r).toEqual({
      isGroup: true,
      chat: { number: '1203-99@g.us', isGroup: true },
      participant: { number: '5511988887777', lid: null, name: 'Bia', isGroup: false },
    });
    const ours = inboundParties(
      msg({ remoteJid: '1203-99@g.us', participant: '5511988887777@s.whatsapp.net', fromMe: true }),
    );
    expect('participant' in ours && ours.participant).toBeNull();
  });
  test('ignored: broadcasts, newsletters, unknown servers, reactions, no address', () => {
    expect(inboundParties(msg({ remoteJid: 'status@broadcast' }))).toEqual({ ignored: INBOUND_NOTE.notAChat });
    expect(inboundParties(msg({ remoteJid: '1@newsletter' }))).toEqual({ ignored: INBOUND_NOTE.notAChat });
    expect(inboundParties(msg({ remoteJid: '1@weird' }))).toEqual({ ignored: INBOUND_NOTE.notAChat });
    expect(inboundParties(msg({ type: 'reaction' }))).toEqual({ ignored: INBOUND_NOTE.reaction });
    expect(inboundParties(msg({ remoteJid: '@s.whatsapp.net' }))).toEqual({ ignored: INBOUND_NOTE.noAddress });
  });
});

test('personOf: number and LID from a jid and its alternative', () => {
  expect(personOf('5511999990000@s.whatsapp.net')).toEqual({ number: '5511999990000', lid: null });
  expect(personOf('9@lid')).toEqual({ number: null, lid: '9@lid' });
  expect(personOf('x@g.us')).toBeNull();
});

test('connectionVerdict: removed connection, then group messages disabled', () => {
  expect(connectionVerdict(null, false)).toBe(INBOUND_NOTE.connectionRemoved);
  expect(connectionVerdict(undefined, true)).toBe(INBOUND_NOTE.connectionRemoved);
  expect(connectionVerdict({ disableGroupMessages: true }, true)).toBe(INBOUND_NOTE.groupsDisabled);
  expect(connectionVerdict({ disableGroupMessages: true }, false)).toBeNull();
  expect(connectionVerdict({ disableGroupMessages: false }, true)).toBeNull();
});

test('senderParty: participant in a group, the contact in a chat unless typed on our phone', () => {
  expect(senderParty({ isGroup: true, fromMe: false, hasParticipant: true })).toBe('participant');
  expect(senderParty({ isGroup: true, fromMe: false, hasParticipant: false })).toBe('none');
  expect(senderParty({ isGroup: false, fromMe: false, hasParticipant: false })).toBe('chat');
  expect(senderParty({ isGroup: false, fromMe: true, hasParticipant: false })).toBe('none');
});

test('unread and greeting: only the contact’s live messages; the greeting only opens a new 1:1 conversation', () => {
  fc.assert(
    fc.property(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (createdTicket, fromMe, isGroup, imported) => {
      expect(countsAsUnread({ fromMe, imported })).toBe(!fromMe && !imported);
      const greets = shouldGreet({ createdTicket, fromMe, isGroup, imported });
      expect(greets).toBe(createdTicket && !fromMe && !isGroup && !imported);
      expect(runsAfterInbound({ fromMe, imported })).toBe(!fromMe && !imported);
      // a greeted message is always one that also counts as unread and reaches the after-inbound reactions
      if (greets) expect(countsAsUnread({ fromMe, imported }) && runsAfterInbound({ fromMe, imported })).toBe(true);
    }),
  );
});

test('ticketLastMessage: the preview, never longer than the column allows', () => {
  expect(ticketLastMessage({ body: '', mediaType: 'image' })).toBe('📷 Imagem');
  fc.assert(
    fc.property(fc.string({ maxLength: 3000 }), (body) => {
      expect(ticketLastMessage({ body, mediaType: 'chat' }).length).toBeLessThanOrEqual(LAST_MESSAGE_MAX);
    }),
  );
});
