/**
 * For loops that publish or process hundreds of items in one go: every `every`-th call gives the event loop a
 * turn (sockets write what was queued, timers fire) instead of holding it for the whole loop.
 */
export async function breathe(n: number, every = 25): Promise<void> {
  if (n % every === 0) await new Promise<void>((r) => setImmediate(r));
}
