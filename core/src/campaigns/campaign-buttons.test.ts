import { describe, expect, test } from 'bun:test';
import { buttonsAsText } from '../messages/message-rules';
import { DEFAULT_BUTTON_LIST } from './campaign.schemas';
import { campaignButtonsOf, campaignMessageParts } from './campaign-buttons';

const DEFAULT = JSON.stringify(DEFAULT_BUTTON_LIST);
const SNT = [
  { id: '1', text: 'Sim' },
  { id: '2', text: 'Não' },
  { id: '3', text: 'Talvez' },
];

describe('campaign buttons', () => {
  test('the stored setup JSON → title and buttons; none / empty / unreadable → null', () => {
    expect(campaignButtonsOf(DEFAULT)).toEqual({ title: 'Você tem interesse?', footer: '', buttons: SNT });
    expect(campaignButtonsOf(null)).toBeNull();
    expect(campaignButtonsOf('')).toBeNull();
    expect(campaignButtonsOf('{oops')).toBeNull();
    expect(campaignButtonsOf(JSON.stringify({ text: 'x', buttons: [] }))).toBeNull();
  });

  test('a text message carries the title and the buttons in one message; media gets a buttons message after it', () => {
    const text = { typeMessage: 'Texto', body: 'Promoção de Natal!', mediaUrl: null };
    expect(campaignMessageParts(text, DEFAULT)).toEqual([
      { kind: 'buttons', body: 'Promoção de Natal!\n\nVocê tem interesse?', buttons: SNT, footer: undefined },
    ]);
    expect(campaignMessageParts(text, null)).toEqual([{ kind: 'text', body: 'Promoção de Natal!' }]);
    const media = { typeMessage: 'Mídia', body: 'legenda', mediaUrl: '/media/3' };
    expect(
      campaignMessageParts(media, JSON.stringify({ text: '', footer: 'Loja', buttons: DEFAULT_BUTTON_LIST.buttons })),
    ).toEqual([
      { kind: 'storedMedia', mediaUrl: '/media/3', body: 'legenda' },
      { kind: 'buttons', body: 'Você tem interesse?', buttons: SNT, footer: 'Loja' },
    ]);
    expect(campaignMessageParts(media, null)).toEqual([{ kind: 'storedMedia', mediaUrl: '/media/3', body: 'legenda' }]);
  });

  test('as text: numbered options, then the footer', () => {
    expect(buttonsAsText('Oi', SNT)).toBe('Oi\n\n1 - Sim\n2 - Não\n3 - Talvez');
    expect(buttonsAsText('Oi', SNT.slice(0, 1), 'rodapé')).toBe('Oi\n\n1 - Sim\n\n_rodapé_');
  });
});
