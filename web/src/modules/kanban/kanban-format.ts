/** A ticket's age on a card, compact ('agora', '5 min', '3 h', '2 d'): the units read the same in pt-BR, en and es. */
export function ticketAge(iso: string, now: Date): { value: number; unit: 'now' | 'min' | 'h' | 'd' } {
  const ms = now.getTime() - new Date(iso).getTime();
  if (!Number.isFinite(ms) || ms < 60_000) return { value: 0, unit: 'now' };
  const min = Math.floor(ms / 60_000);
  if (min < 60) return { value: min, unit: 'min' };
  const h = Math.floor(min / 60);
  if (h < 24) return { value: h, unit: 'h' };
  return { value: Math.floor(h / 24), unit: 'd' };
}
