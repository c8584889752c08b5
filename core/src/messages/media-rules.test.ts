import { describe, expect, test } from 'bun:test';
import { checkMedia, MEDIA_SIZE_CAPS, safeFileName, sniffMedia } from './media-rules';

const b = (...n: number[]) => new Uint8Array(n);

describe('sniffMedia', () => {
  test('recognises the allowlist by magic bytes', () => {
    expect(sniffMedia(b(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffMedia(b(0xff, 0xd8, 0xff, 0xe0))).toBe('jpg');
    expect(sniffMedia(new TextEncoder().encode('%PDF-1.7'))).toBe('pdf');
    expect(sniffMedia(new TextEncoder().encode('OggS\0'))).toBe('ogg');
    expect(sniffMedia(b(0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32))).toBe('mp4');
    expect(sniffMedia(new TextEncoder().encode('ID3\x04'))).toBe('mp3');
    expect(sniffMedia(b(0xff, 0xfb, 0x90, 0x64))).toBe('mp3');
  });
  test('refuses anything else', () => {
    expect(sniffMedia(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffMedia(new TextEncoder().encode('<svg xmlns='))).toBeNull();
    expect(sniffMedia(b(0x50, 0x4b, 0x03, 0x04))).toBeNull(); // zip / docx
    expect(sniffMedia(b())).toBeNull();
  });
});

describe('checkMedia', () => {
  test('caps the size per kind', () => {
    const big = new Uint8Array(MEDIA_SIZE_CAPS.image + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const r = checkMedia(big);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toBe('Arquivo muito grande (máximo 16 MB).');
  });
  test('empty', () => {
    expect(checkMedia(b()).ok).toBe(false);
  });
});

describe('safeFileName', () => {
  test('strips paths and forces the detected extension', () => {
    expect(safeFileName('../../etc/passwd', 'png')).toBe('passwd.png');
    expect(safeFileName('C:\\x\\relatório.exe.pdf', 'pdf')).toBe('relatório.exe.pdf');
    expect(safeFileName(undefined, 'ogg')).toBe('arquivo.ogg');
    expect(safeFileName('a"b\n.jpg', 'jpg')).toBe('ab.jpg');
  });
});
