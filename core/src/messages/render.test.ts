import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import {
  ackMark,
  type InlineToken,
  locationOf,
  type RenderableMessage,
  renderInline,
  renderMessage,
  tokensToText,
} from './render';

const msg = (over: Partial<RenderableMessage> = {}): RenderableMessage => ({
  body: '',
  fromMe: false,
  ack: 0,
  mediaType: 'chat',
  mediaUrl: null,
  isDeleted: false,
  deletedByContact: false,
  isEdited: false,
  dataJson: null,
  createdAt: '2024-05-10T17:05:00.000Z',
  ...over,
});

function walk(tokens: InlineToken[], f: (t: InlineToken) => void): void {
  for (const t of tokens) {
    f(t);
    if ('children' in t) walk(t.children, f);
  }
}

describe('inline formatting', () => {
  test('*bold* and ~strike~', () => {
    expect(renderInline('olá *mundo* e ~velho~!')).toEqual([
      { type: 'text', text: 'olá ' },
      { type: 'bold', children: [{ type: 'text', text: 'mundo' }] },
      { type: 'text', text: ' e ' },
      { type: 'strike', children: [{ type: 'text', text: 'velho' }] },
      { type: 'text', text: '!' },
    ]);
  });
  test('nesting and unmatched markers', () => {
    expect(renderInline('*a ~b~ c*')).toEqual([
      {
        type: 'bold',
        children: [
          { type: 'text', text: 'a ' },
          { type: 'strike', children: [{ type: 'text', text: 'b' }] },
          { type: 'text', text: ' c' },
        ],
      },
    ]);
    expect(renderInline('2 * 3 * 4')).toEqual([{ type: 'text', text: '2 * 3 * 4' }]);
    expect(renderInline('*sem fim')).toEqual([{ type: 'text', text: '*sem fim' }]);
    expect(renderInline('a*b*c')).toEqual([{ type: 'text', text: 'a*b*c' }]);
  });
  test('raw HTML is inert text; only a few inline tags are kept', () => {
    const xss = '<img src=x onerror=alert(1)>';
    expect(renderInline(xss)).toEqual([{ type: 'text', text: xss }]);
    expect(renderInline('<script>alert(1)</script>')).toEqual([{ type: 'text', text: '<script>alert(1)</script>' }]);
    expect(renderInline('<b onclick="x()">a</b>')).toEqual([{ type: 'text', text: '<b onclick="x()">a</b>' }]);
    expect(renderInline('<b>a</b> <i>b</i> <u>c</u> <s>d</s>')).toEqual([
      { type: 'bold', children: [{ type: 'text', text: 'a' }] },
      { type: 'text', text: ' ' },
      { type: 'italic', children: [{ type: 'text', text: 'b' }] },
      { type: 'text', text: ' ' },
      { type: 'underline', children: [{ type: 'text', text: 'c' }] },
      { type: 'text', text: ' ' },
      { type: 'strike', children: [{ type: 'text', text: 'd' }] },
    ]);
    expect(renderInline('<a href="javascript:alert(1)">x</a>')).toEqual([
      { type: 'text', text: '<a href="javascript:alert(1)">x</a>' },
    ]);
  });
  test('line breaks, also <br>', () => {
    expect(renderInline('a\nb<br>c')).toEqual([
      { type: 'text', text: 'a' },
      { type: 'lineBreak' },
      { type: 'text', text: 'b' },
      { type: 'lineBreak' },
      { type: 'text', text: 'c' },
    ]);
  });
  test('links open in a new tab; markers inside URLs are not formatting', () => {
    expect(renderInline('veja https://exemplo.com/~ana/*x*/p.')).toEqual([
      { type: 'text', text: 'veja ' },
      {
        type: 'link',
        href: 'https://exemplo.com/~ana/*x*/p',
        text: 'https://exemplo.com/~ana/*x*/p',
        target: '_blank',
        rel: 'noopener noreferrer',
      },
      { type: 'text', text: '.' },
    ]);
    expect(renderInline('*www.site.com.br*')).toEqual([
      {
        type: 'bold',
        children: [
          {
            type: 'link',
            href: 'https://www.site.com.br',
            text: 'www.site.com.br',
            target: '_blank',
            rel: 'noopener noreferrer',
          },
        ],
      },
    ]);
    expect(renderInline('javascript:alert(1)')).toEqual([{ type: 'text', text: 'javascript:alert(1)' }]);
  });
  test('property: text is preserved and every link is http(s)', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', ' ', '*', '~', '<', '>', 'b', '/', 'h', 't', 'p', 's', ':', '.', 'w', '\n'),
        }),
        (s) => {
          const tokens = renderInline(s);
          walk(tokens, (t) => {
            if (t.type === 'link') expect(t.href).toMatch(/^https?:\/\//);
            if (t.type === 'text') expect(typeof t.text).toBe('string');
          });
          // formatting only drops its markers: letters are never lost
          expect(tokensToText(tokens).replace(/[^ab]/g, '')).toBe(s.replace(/<br\s*\/?>/gi, '').replace(/[^ab]/g, ''));
        },
      ),
    );
  });
});

describe('message kinds', () => {
  test('vcard is not rendered', () => {
    expect(renderMessage(msg({ mediaType: 'vcard', body: 'BEGIN:VCARD...' })).content).toEqual({
      kind: 'vcard',
      text: 'Cartão de contato não suportado',
    });
    expect(renderMessage(msg({ body: 'BEGIN:VCARD\nVERSION:3.0' })).content.kind).toBe('vcard');
  });
  test('location renders a map; failure text otherwise', () => {
    const c = renderMessage(msg({ mediaType: 'location', dataJson: { latitude: -23.5, longitude: -46.6 } })).content;
    expect(c).toMatchObject({ kind: 'location', latitude: -23.5, longitude: -46.6 });
    if (c.kind === 'location') expect(c.mapUrl).toContain('-23.5%2C-46.6');
    expect(
      renderMessage(msg({ mediaType: 'location', body: 'https://maps.google.com/maps?q=-1.5%2C2.25&z=17' })).content,
    ).toMatchObject({ kind: 'location', latitude: -1.5, longitude: 2.25, tokens: [] });
    expect(renderMessage(msg({ mediaType: 'location', dataJson: { latitude: 'x' } })).content).toEqual({
      kind: 'locationError',
      text: 'Erro ao renderizar a localização',
    });
    expect(locationOf({ body: '', dataJson: { latitude: 91, longitude: 0 } })).toBeNull();
  });
  test('deleted, deleted by the contact, edited', () => {
    expect(renderMessage(msg({ isDeleted: true, body: 'x' })).content).toEqual({
      kind: 'deleted',
      byContact: false,
      text: 'Mensagem apagada',
    });
    expect(renderMessage(msg({ isDeleted: true, deletedByContact: true })).content).toMatchObject({
      text: 'Mensagem apagada pelo contato',
    });
    const e = renderMessage(msg({ isEdited: true, body: 'novo' }));
    expect(e.edited).toEqual({ text: 'Mensagem Editada' });
    expect(e.content).toEqual({ kind: 'text', tokens: [{ type: 'text', text: 'novo' }] });
    expect(renderMessage(msg({ isEdited: true, isDeleted: true })).edited).toBeNull();
  });
  test("missed call shows the viewer's time, not São Paulo's (issue 12 point 3)", () => {
    const saved = process.env.TZ;
    try {
      process.env.TZ = 'Asia/Tokyo'; // the viewer's zone: 17:05Z is 02:05 next day in Tokyo, 14:05 in São Paulo
      expect(renderMessage(msg({ mediaType: 'call_log' })).content).toEqual({
        kind: 'missedCall',
        time: '02:05',
        text: 'Chamada de voz/vídeo perdida às 02:05',
      });
      process.env.TZ = 'America/Sao_Paulo';
      expect(renderMessage(msg({ mediaType: 'call_log' })).content).toMatchObject({ time: '14:05' });
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
    expect(
      renderMessage(msg({ mediaType: 'call_log', dataJson: { at: '2024-05-10T12:30:00Z' } }), { timeZone: 'UTC' })
        .content,
    ).toMatchObject({ time: '12:30' });
  });
  test('media keeps its url and a formatted caption', () => {
    expect(renderMessage(msg({ mediaType: 'image', mediaUrl: '/m/1', body: '*foto*' })).content).toEqual({
      kind: 'media',
      mediaType: 'image',
      mediaUrl: '/m/1',
      caption: [{ type: 'bold', children: [{ type: 'text', text: 'foto' }] }],
    });
  });
  test("a document's caption is shown unless the body is its file name (or stands for it)", () => {
    const doc = (body: string, fileName?: string) =>
      renderMessage(msg({ mediaType: 'document', mediaUrl: '/m/2', body, dataJson: fileName ? { fileName } : null }))
        .content;
    expect(doc('segue a nota', 'nota.pdf')).toMatchObject({ caption: [{ type: 'text', text: 'segue a nota' }] });
    expect(doc('nota.pdf', 'nota.pdf')).toMatchObject({ caption: [] });
    expect(doc('', 'nota.pdf')).toMatchObject({ caption: [] });
    // no file name known: the body is shown as the name, not repeated as a caption
    expect(doc('boleto.pdf')).toMatchObject({ caption: [] });
  });
  test('ack marks: ≤2 one check, 3 two checks, ≥4 read; only on own messages', () => {
    expect([0, 1, 2, 3, 4, 5].map(ackMark)).toEqual(['oneCheck', 'oneCheck', 'oneCheck', 'twoChecks', 'read', 'read']);
    expect(renderMessage(msg({ fromMe: true, ack: 3 })).ack).toBe('twoChecks');
    expect(renderMessage(msg({ fromMe: false, ack: 4 })).ack).toBeNull();
  });
});
