/**
 * messages.update → ack. Baileys' `WebMessageInfo.Status` is ERROR 0, PENDING 1, SERVER_ACK 2, DELIVERY_ACK 3,
 * READ 4, PLAYED 5; the platform's ack scale (0 pending … 5 played, UI: ≤2 one check, 3 two checks, ≥4 read)
 * is that same numbering, so the value passes through; ERROR collapses to 0 (not sent).
 */
export type AckUpdate = { messageId: string; remoteJid: string; ack: number };

type UpdateLike = {
  key?: { id?: string | null; remoteJid?: string | null; fromMe?: boolean | null } | null;
  update?: { status?: number | null } | null;
};

export function statusToAck(status: number | null | undefined): number | null {
  if (status === null || status === undefined || !Number.isFinite(status)) return null;
  if (status <= 0) return 0;
  return Math.min(5, Math.floor(status));
}

/**
 * Only our own messages carry meaningful delivery receipts; updates without a status (edits, revokes, poll votes —
 * handled from messages.upsert) are skipped here.
 */
export function mapAckUpdates(updates: readonly UpdateLike[]): AckUpdate[] {
  const out: AckUpdate[] = [];
  for (const u of updates) {
    const id = u.key?.id;
    if (!id || u.key?.fromMe !== true) continue;
    const ack = statusToAck(u.update?.status);
    if (ack === null) continue;
    out.push({ messageId: id, remoteJid: u.key?.remoteJid ?? '', ack });
  }
  return out;
}
