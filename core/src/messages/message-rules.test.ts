import { describe, expect, test } from 'bun:test';
import { greetingByHour, lastMessagePreview, renderGreeting, shouldSign, signBody } from './message-rules';

describe('signature', () => {
  test('bold name before the text', () => {
    expect(signBody('Oi', 'Ana')).toBe('*Ana*:\nOi');
    expect(signBody('Oi', '  ')).toBe('Oi');
  });
  test('only with signMessage and a group that does not disable it', () => {
    expect(shouldSign({ signMessage: true }, { signatureToggle: true })).toBe(true);
    expect(shouldSign({ signMessage: true }, { signatureToggle: false })).toBe(false);
    expect(shouldSign({ signMessage: false }, { signatureToggle: true })).toBe(false);
  });
});

describe('lastMessagePreview', () => {
  test('body, else a label for the media', () => {
    expect(lastMessagePreview({ body: ' oi ', mediaType: 'chat' })).toBe('oi');
    expect(lastMessagePreview({ body: '', mediaType: 'audio' })).toBe('🎤 Áudio');
    expect(lastMessagePreview({ body: '', mediaType: 'call_log' })).toBe('Chamada de voz/vídeo perdida');
    expect(lastMessagePreview({ body: 'x'.repeat(300), mediaType: null })).toHaveLength(255);
  });

  test('a location shows the label and the place name, never the maps link', () => {
    const link = 'https://maps.google.com/maps?q=-23.5%2C-46.6&z=17';
    expect(lastMessagePreview({ body: `Loja Centro\nRua A, 1\n${link}`, mediaType: 'location' })).toBe(
      '📍 Localização · Loja Centro',
    );
    expect(lastMessagePreview({ body: link, mediaType: 'location' })).toBe('📍 Localização');
    expect(lastMessagePreview({ body: '', mediaType: 'location' })).toBe('📍 Localização');
  });
});

describe('greeting placeholders', () => {
  const now = new Date('2025-03-10T13:05:00Z'); // 10:05 in São Paulo
  test('customer, protocol, date, time and greeting by hour', () => {
    expect(
      renderGreeting('{{ms}}, {{firstName}}! Protocolo {{protocol}} em {{date}} às {{hour}}. {{unknown}}', {
        name: 'Maria Silva',
        protocol: '20250310-7',
        now,
      }),
    ).toBe('Bom dia, Maria! Protocolo 20250310-7 em 10/03/2025 às 10:05. {{unknown}}');
  });
  test('greetingByHour', () => {
    expect(greetingByHour(4)).toBe('Boa noite');
    expect(greetingByHour(12)).toBe('Boa tarde');
    expect(greetingByHour(19)).toBe('Boa noite');
  });
});
