import { describe, expect, test } from 'bun:test';
import { DomainError } from '@zapdesk/core';
import { makeTenant } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { saveMediaFile } from './media.service';

export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

const { t } = useTestApp();

describe('media storage', () => {
  test('stored file is served to the owning company only', async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const saved = await saveMediaFile(a.company.id, {
      data: PNG_BYTES,
      mimeType: 'image/png',
      fileName: '../x/foto.png',
    });
    expect(saved.url).toBe(`/media/${saved.id}`);
    expect(saved.id.length).toBeGreaterThanOrEqual(32);
    expect(saved.fileName).toBe('foto.png');

    const ok = await t.req('GET', saved.url, { token: a.agent.token });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(PNG_BYTES);

    const viaQuery = await t.req('GET', `${saved.url}?token=${a.admin.token}`);
    expect(viaQuery.status).toBe(200);

    const other = await t.req('GET', saved.url, { token: b.admin.token });
    expect(other.status).toBe(404);
    expect((await other.json()).error).toBe('ERR_NOT_FOUND');

    expect((await t.req('GET', saved.url)).status).toBe(401);
    expect((await t.req('GET', '/media/unknown-id-0123456789abcdef', { token: a.admin.token })).status).toBe(404);
  });

  test('an id that is not one of ours (NUL, slash, too short) → 404, never a database error', async () => {
    const a = await makeTenant();
    for (const id of ['%00', 'a%00bcdefghijklmnopqrstu', 'short', '..%2F..%2Fetc', 'x'.repeat(65)]) {
      const r = await t.req('GET', `/media/${id}`, { token: a.admin.token });
      expect({ id, status: r.status }).toEqual({ id, status: 404 });
      expect((await r.json()).error).toBe('ERR_NOT_FOUND');
    }
  });

  test('type comes from the bytes; disallowed types and empty files are refused', async () => {
    const a = await makeTenant();
    const exe = new TextEncoder().encode('MZ\x90\x00 this is not an image');
    const err = await saveMediaFile(a.company.id, { data: exe, mimeType: 'image/png', fileName: 'x.png' }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(DomainError);
    expect(err.code).toBe('ERR_VALIDATION');
    expect(err.message).toBe('Tipo de arquivo não permitido. Envie png, jpg, pdf, mp4, mp3 ou ogg.');
    const empty = await saveMediaFile(a.company.id, { data: new Uint8Array(), fileName: 'x.png' }).catch((e) => e);
    expect(empty.code).toBe('ERR_VALIDATION');

    const ogg = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 0, 2, 0, 0]);
    const voice = await saveMediaFile(a.company.id, { data: ogg, mimeType: 'audio/ogg; codecs=opus' });
    expect(voice.mimeType).toBe('audio/ogg');
    expect(voice.fileName).toBe('arquivo.ogg');
  });
});
