import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { API_TOKEN_TEXTS, ApiTokenInput, maskApiToken } from '../api-tokens/api-token.schemas';
import {
  LegacySendJsonBody,
  MESSAGE_API_TEXTS,
  SendMediaApiForm,
  SendMessageApiAnswer,
  SendTextApiBody,
} from './message-api.schemas';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('API token body (spec 2 §5)', () => {
  test('defaults: status closed, mode create; empty queue/user are null', () => {
    expect(ApiTokenInput.parse({ name: ' ERP ', whatsappId: '3', queueId: '', userId: 0 })).toEqual({
      name: 'ERP',
      ticketSetStatus: 'closed',
      ticketCreateOrUpdate: 'create',
      queueId: null,
      userId: null,
      whatsappId: 3,
    });
  });
  test('name required; a missing connection warns that a connection is needed', () => {
    expect(firstMessage(ApiTokenInput.safeParse({ name: '', whatsappId: 1 }))).toBe(API_TOKEN_TEXTS.nameRequired);
    expect(firstMessage(ApiTokenInput.safeParse({ name: 'x' }))).toBe(API_TOKEN_TEXTS.connectionRequired);
    expect(firstMessage(ApiTokenInput.safeParse({ name: 'x', whatsappId: '' }))).toBe(
      API_TOKEN_TEXTS.connectionRequired,
    );
  });
  test('status and mode are the spec enums', () => {
    expect(firstMessage(ApiTokenInput.safeParse({ name: 'x', whatsappId: 1, ticketSetStatus: 'x' }))).toBe(
      API_TOKEN_TEXTS.invalidStatus,
    );
    expect(firstMessage(ApiTokenInput.safeParse({ name: 'x', whatsappId: 1, ticketCreateOrUpdate: 'x' }))).toBe(
      API_TOKEN_TEXTS.invalidMode,
    );
    expect(ApiTokenInput.parse({ name: 'x', whatsappId: 1, ticketSetStatus: 'destroy' }).ticketSetStatus).toBe(
      'destroy',
    );
  });
  test('the mask shows only the last 4 characters', () => {
    expect(maskApiToken('a1b2')).toBe('zd_live_…a1b2');
  });
});

describe('message API bodies (spec 2 §7)', () => {
  test('text: number with + and spaces accepted; body required', () => {
    expect(SendTextApiBody.parse({ contactNumber: '+55 11 98765-4321', body: 'oi' }).contactNumber).toBe(
      '+55 11 98765-4321',
    );
    expect(firstMessage(SendTextApiBody.safeParse({ contactNumber: '5511987654321', body: '  ' }))).toBe(
      MESSAGE_API_TEXTS.bodyRequired,
    );
    expect(firstMessage(SendTextApiBody.safeParse({ contactNumber: 'abc', body: 'x' }))).toBe(
      MESSAGE_API_TEXTS.numberInvalid,
    );
    expect(firstMessage(SendTextApiBody.safeParse({ body: 'x' }))).toBe(MESSAGE_API_TEXTS.numberRequired);
  });
  test('media: at least one file', () => {
    expect(firstMessage(SendMediaApiForm.safeParse({ contactNumber: '5511987654321', medias: [] }))).toBe(
      MESSAGE_API_TEXTS.mediasRequired,
    );
    const file = new File([new Uint8Array([1])], 'a.png');
    expect(SendMediaApiForm.parse({ contactNumber: '5511987654321', medias: [file] }).medias).toHaveLength(1);
  });
  test('legacy JSON: number and body', () => {
    expect(LegacySendJsonBody.parse({ number: '5511987654321', body: 'x' })).toEqual({
      number: '5511987654321',
      body: 'x',
    });
  });
  test('the schemas render as JSON Schema with their descriptions (OpenAPI source)', () => {
    const s = z.toJSONSchema(SendTextApiBody, { io: 'input' }) as unknown as {
      properties: Record<string, { description?: string }>;
    };
    expect(s.properties.contactNumber.description).toContain('Número');
    const media = z.toJSONSchema(SendMediaApiForm, { io: 'input' }) as unknown as {
      properties: { medias: { items: { format?: string } } };
    };
    expect(media.properties.medias.items.format).toBe('binary');
    const answer = z.toJSONSchema(SendMessageApiAnswer) as { required: string[] };
    expect(answer.required).toEqual(
      expect.arrayContaining([
        'ticketUrl',
        'ticketProtocol',
        'contactName',
        'contactNumber',
        'ticketStatus',
        'messageId',
      ]),
    );
  });
});
