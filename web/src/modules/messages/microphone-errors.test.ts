import { beforeAll, describe, expect, test } from 'bun:test';
import { i18n } from '@lingui/core';
import { installLinguiMacros } from '../../test/lingui-macro';

await installLinguiMacros();
const { microphoneErrorText, microphoneUnavailable } = await import('./microphone-errors');

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'pt-BR', messages: {} });
});

describe('microphone failures (issue 12 point 4)', () => {
  test("the browser's English text is replaced by a translated one for each known DOMException", () => {
    const cases: [string, string][] = [
      ['NotFoundError', 'Requested device not found'],
      ['NotAllowedError', 'Permission denied'],
      ['NotReadableError', 'Could not start audio source'],
      ['SecurityError', 'The request is not allowed'],
      ['AbortError', 'Starting audio failed'],
      ['OverconstrainedError', 'Constraints could be not satisfied.'],
    ];
    const texts = cases.map(([name, raw]) => {
      const text = microphoneErrorText(new DOMException(raw, name));
      expect(text).not.toBe(raw);
      expect(text).toMatch(/microfone/);
      return text;
    });
    expect(new Set(texts).size).toBe(texts.length);
    expect(microphoneErrorText(new DOMException('Requested device not found', 'NotFoundError'))).toBe(
      'Nenhum microfone encontrado. Conecte um microfone e tente novamente.',
    );
  });

  test('no microphone API: insecure page → SecurityError text, else not supported', () => {
    expect(microphoneErrorText(microphoneUnavailable(false))).toMatch(/HTTPS/);
    expect(microphoneErrorText(microphoneUnavailable(true))).toBe('Seu navegador não grava áudio.');
  });

  test('an unknown failure still goes through the shared handler', () => {
    expect(microphoneErrorText(new Error('algo estranho'))).toBe('algo estranho');
    expect(microphoneErrorText(undefined)).toBe('An error occurred!');
  });
});
