import { describe, expect, test } from 'bun:test';
import { sniffMedia } from '@zapdesk/core';
import { oggCrc, oggOpusFile } from './ogg-opus';

function pagesOf(b: Uint8Array) {
  const out: { flags: number; granule: bigint; seq: number; crcOk: boolean; segments: number[] }[] = [];
  let at = 0;
  while (at < b.length) {
    const v = new DataView(b.buffer, b.byteOffset + at);
    expect(String.fromCharCode(...b.slice(at, at + 4))).toBe('OggS');
    const n = b[at + 26];
    const segments = [...b.slice(at + 27, at + 27 + n)];
    const len = 27 + n + segments.reduce((a, x) => a + x, 0);
    const copy = b.slice(at, at + len);
    const crc = new DataView(copy.buffer).getUint32(22, true);
    new DataView(copy.buffer).setUint32(22, 0, true);
    out.push({
      flags: b[at + 5],
      granule: v.getBigInt64(6, true),
      seq: v.getUint32(18, true),
      crcOk: oggCrc(copy) === crc,
      segments,
    });
    at += len;
  }
  return out;
}

describe('ogg opus writer', () => {
  test('CRC of the Ogg polynomial', () => {
    expect(oggCrc(new TextEncoder().encode('123456789'))).toBe(0x89a1897f);
  });

  test('head, tags, then one page per packet with running granule and EOS; sniffed as ogg', () => {
    const packets = [
      { data: new Uint8Array(300).fill(1), samples: 960 },
      { data: new Uint8Array(10).fill(2), samples: 960 },
      { data: new Uint8Array(255).fill(3), samples: 480 },
    ];
    const file = oggOpusFile(packets);
    expect(sniffMedia(file)).toBe('ogg');
    const pages = pagesOf(file);
    expect(pages).toHaveLength(5);
    expect(pages.every((p) => p.crcOk)).toBe(true);
    expect(pages[0].flags).toBe(0x02);
    expect(pages.map((p) => p.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(pages.slice(2).map((p) => p.granule)).toEqual([960n, 1920n, 2400n]);
    expect(pages[4].flags).toBe(0x04);
    // lacing: 300 = 255 + 45; 255 = 255 + 0
    expect(pages[2].segments).toEqual([255, 45]);
    expect(pages[4].segments).toEqual([255, 0]);
    expect(String.fromCharCode(...file.slice(28, 36))).toBe('OpusHead');
  });
});
