/**
 * A minimal Ogg Opus writer (RFC 7845): WhatsApp voice notes are Ogg Opus, the platform stores ogg, and browsers'
 * MediaRecorder mostly writes WebM. Opus packets from WebCodecs' AudioEncoder go into Ogg pages here.
 */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    t[i] = r >>> 0;
  }
  return t;
})();

/** Ogg's CRC-32 (polynomial 0x04c11db7, no reflection, initial 0). */
export function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) & 0xff) ^ b]) >>> 0;
  return crc >>> 0;
}

const FLAG_BOS = 0x02;
const FLAG_EOS = 0x04;

function page(packets: Uint8Array[], granule: bigint, serial: number, seq: number, flags: number): Uint8Array {
  const lacing: number[] = [];
  for (const p of packets) {
    let n = p.length;
    while (n >= 255) {
      lacing.push(255);
      n -= 255;
    }
    lacing.push(n);
  }
  const bodyLen = packets.reduce((a, p) => a + p.length, 0);
  const out = new Uint8Array(27 + lacing.length + bodyLen);
  const v = new DataView(out.buffer);
  out.set([0x4f, 0x67, 0x67, 0x53], 0); // OggS
  out[4] = 0;
  out[5] = flags;
  v.setBigInt64(6, granule, true);
  v.setUint32(14, serial, true);
  v.setUint32(18, seq, true);
  v.setUint32(22, 0, true);
  out[26] = lacing.length;
  out.set(lacing, 27);
  let at = 27 + lacing.length;
  for (const p of packets) {
    out.set(p, at);
    at += p.length;
  }
  v.setUint32(22, oggCrc(out), true);
  return out;
}

function opusHead(channels: number, inputRate: number, preSkip: number): Uint8Array {
  const b = new Uint8Array(19);
  const v = new DataView(b.buffer);
  b.set(new TextEncoder().encode('OpusHead'), 0);
  b[8] = 1;
  b[9] = channels;
  v.setUint16(10, preSkip, true);
  v.setUint32(12, inputRate, true);
  v.setInt16(16, 0, true);
  b[18] = 0;
  return b;
}

function opusTags(vendor: string): Uint8Array {
  const vend = new TextEncoder().encode(vendor);
  const b = new Uint8Array(8 + 4 + vend.length + 4);
  const v = new DataView(b.buffer);
  b.set(new TextEncoder().encode('OpusTags'), 0);
  v.setUint32(8, vend.length, true);
  b.set(vend, 12);
  v.setUint32(12 + vend.length, 0, true);
  return b;
}

export type OpusPacket = { data: Uint8Array /** samples at 48 kHz */; samples: number };

/** Packs Opus packets into an Ogg file (one packet per page: simple, and fine for voice notes). */
export function oggOpusFile(
  packets: OpusPacket[],
  opts: { channels?: number; inputRate?: number; preSkip?: number; serial?: number } = {},
): Uint8Array<ArrayBuffer> {
  const serial = opts.serial ?? 0x5a44;
  const pages: Uint8Array[] = [
    page([opusHead(opts.channels ?? 1, opts.inputRate ?? 48_000, opts.preSkip ?? 312)], 0n, serial, 0, FLAG_BOS),
    page([opusTags('zapdesk')], 0n, serial, 1, 0),
  ];
  let granule = 0n;
  packets.forEach((p, i) => {
    granule += BigInt(p.samples);
    pages.push(page([p.data], granule, serial, i + 2, i === packets.length - 1 ? FLAG_EOS : 0));
  });
  const total = pages.reduce((a, p) => a + p.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of pages) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
