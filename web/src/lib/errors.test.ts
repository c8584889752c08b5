import { beforeAll, describe, expect, test } from 'bun:test';
import { i18n } from '@lingui/core';
import { commandPathReason, commandPathText, ERROR_STATUS, ERROR_TEXT, type ErrorCode } from '@zapdesk/core';
import { DetailedError } from 'hono/client';
import { installLinguiMacros } from '../test/lingui-macro';

await installLinguiMacros();
const { ApiError, fieldErrors, parseApiError, readJson, translateValidation } = await import('./errors');

beforeAll(() => {
  // the source locale: message ids are the pt-BR texts, no catalog needed
  i18n.loadAndActivate({ locale: 'pt-BR', messages: {} });
});

describe('parseApiError (spec 1 §8)', () => {
  test('a known code shows its translated text, whatever the server message says', () => {
    expect(parseApiError(new ApiError(409, { error: 'ERR_OTHER_OPEN_TICKET', message: 'whatever' }))).toBe(
      'Já existe um ticket aberto para este contato.',
    );
  });

  test('every code has a text equal to core ERROR_TEXT in the source locale', () => {
    for (const code of Object.keys(ERROR_STATUS) as ErrorCode[]) {
      expect(parseApiError({ error: code })).toBe(ERROR_TEXT[code]);
    }
  });

  test("a refusal's reason (code + params) is translated with its parameters; in pt-BR it equals core's text", () => {
    const cases: [string, string[], string | null][] = [
      ['x', [], null],
      ['1', ['1'], null],
      ['1.1', [], null],
      ['1.3', ['1', '1.1'], null],
      ['3', ['1.1', '2'], '1'],
    ];
    for (const [path, others, previous] of cases) {
      const reason = commandPathReason(path, others, previous);
      if (!reason) throw new Error(`no reason for ${path}`);
      const err = new ApiError(400, { error: 'ERR_VALIDATION', message: 'texto do servidor', reason });
      expect(err.reason?.code).toBe(reason.code);
      expect(parseApiError(err)).toBe(commandPathText(reason));
    }
    // an unknown reason code: the server's text as before
    const other = new ApiError(400, { error: 'ERR_VALIDATION', message: 'Texto', reason: { code: 'x.y', params: {} } });
    expect(parseApiError(other)).toBe('Texto');
  });

  test('an unknown code falls back to the raw server text', () => {
    expect(parseApiError(new ApiError(400, { error: 'ERR_SOMETHING_NEW', message: 'Texto do servidor' }))).toBe(
      'Texto do servidor',
    );
    expect(parseApiError('texto cru')).toBe('texto cru');
  });

  test('nothing usable → An error occurred!', () => {
    expect(parseApiError(undefined)).toBe('An error occurred!');
    expect(parseApiError({})).toBe('An error occurred!');
    expect(parseApiError(new ApiError(500, ''))).toBe('An error occurred!');
  });

  test('a code sent as the message is recognised', () => {
    expect(parseApiError({ message: 'ERR_NO_PERMISSION' })).toBe('Você não tem permissão para acessar este recurso.');
  });

  test('ERR_VALIDATION shows the field text, not the generic one', () => {
    expect(parseApiError(new ApiError(400, { error: 'ERR_VALIDATION', message: 'Too Short!' }))).toBe('Too Short!');
    expect(parseApiError(new ApiError(400, { error: 'ERR_VALIDATION', message: 'Selecione uma fila' }))).toBe(
      'Selecione uma fila',
    );
    expect(parseApiError(new ApiError(400, { error: 'ERR_VALIDATION' }))).toBe('Dados inválidos.');
  });

  test("hono's parseResponse errors (DetailedError) are understood", () => {
    const err = new DetailedError('404 Not Found', {
      statusCode: 404,
      detail: { data: { error: 'ERR_NO_TICKET_FOUND', message: 'x' } },
    });
    expect(parseApiError(err)).toBe('Nenhum ticket encontrado com este ID.');
    const raw = new DetailedError('502', { statusCode: 502, detail: { data: 'Bad gateway' } });
    expect(parseApiError(raw)).toBe('Bad gateway');
  });

  test('translateValidation keeps unknown texts', () => {
    expect(translateValidation('Invalid email')).toBe('Invalid email');
    expect(translateValidation('Outro')).toBe('Outro');
    expect(translateValidation(undefined)).toBeUndefined();
  });

  test('fieldErrors keeps the first issue per field, translated', () => {
    const issues = [
      { path: ['name'], message: 'Too Short!' },
      { path: ['name'], message: 'Required' },
      { path: ['email'], message: 'Invalid email' },
    ];
    expect(fieldErrors<'name' | 'email'>(issues)).toEqual({
      name: translateValidation('Too Short!'),
      email: 'Invalid email',
    });
    expect(fieldErrors([])).toEqual({});
  });
});

describe('readJson', () => {
  test('returns the body of a 2xx', async () => {
    expect(await readJson(new Response('{"a":1}', { status: 200 }))).toEqual({ a: 1 });
    expect(await readJson(new Response('', { status: 200 }))).toBeUndefined();
  });

  test('throws ApiError with code, message and fields for a failure', async () => {
    const res = new Response(
      JSON.stringify({ error: 'ERR_VALIDATION', message: 'Required', fields: { name: 'Required' } }),
      {
        status: 400,
      },
    );
    const err = (await readJson(res).catch((e) => e)) as InstanceType<typeof ApiError>;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.code).toBe('ERR_VALIDATION');
    expect(err.fields).toEqual({ name: 'Required' });
  });

  test('a non-JSON failure keeps the raw text as the message', async () => {
    const err = await readJson(new Response('Bad gateway', { status: 502 })).catch((e) => e);
    expect(parseApiError(err)).toBe('Bad gateway');
  });
});
