/**
 * Group commit: callers add one item each and get their own result, while the work runs on whole batches.
 * When nothing is in flight a batch starts at once (no added latency at low load, besides one microtask so items
 * added in the same tick travel together); while `maxInFlight` batches run, new items wait and leave together
 * with everything else that arrived meanwhile (up to `maxBatch`). Under load the batch grows by itself, so the fixed
 * cost of a round trip is shared by more items: throughput rises with load instead of collapsing.
 *
 * Items leave in the order they were added, and with `maxInFlight` 1 batches also complete in that order.
 * `run` answers one result per item, in the same order; if it throws, every item of that batch is rejected with
 * the error (the caller decides whether to retry one by one).
 */
export type GroupCommitOptions = {
  /** most items in one batch (default 200) */
  maxBatch?: number;
  /** batches running at once (default 1) */
  maxInFlight?: number;
  /**
   * under load, at least this long between the starts of two batches (default 0): items wait a little longer and
   * travel in bigger batches, so a batch's fixed cost is shared by more of them. Idle, a batch still leaves at once.
   */
  minIntervalMs?: number;
};

type Pending<I, O> = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };

export class GroupCommit<I, O> {
  private queue: Pending<I, O>[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  private readonly minIntervalMs: number;
  private lastStart = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    opts: GroupCommitOptions = {},
  ) {
    this.maxBatch = Math.max(1, Math.floor(opts.maxBatch ?? 200));
    this.maxInFlight = Math.max(1, Math.floor(opts.maxInFlight ?? 1));
    this.minIntervalMs = Math.max(0, opts.minIntervalMs ?? 0);
  }

  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const wait = this.lastStart + this.minIntervalMs - performance.now();
      if (wait > 0) {
        this.timer ??= setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, wait);
        return;
      }
      this.lastStart = performance.now();
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      void this.flush(batch);
    }
  }

  private async flush(batch: Pending<I, O>[]): Promise<void> {
    try {
      const out = await this.run(batch.map((p) => p.item));
      if (!Array.isArray(out) || out.length !== batch.length) {
        throw new Error(`group commit: ${batch.length} items gave ${Array.isArray(out) ? out.length : 'no'} results`);
      }
      for (const [i, p] of batch.entries()) p.resolve(out[i] as O);
    } catch (err) {
      for (const p of batch) p.reject(err);
    } finally {
      this.inFlight--;
      this.pump();
    }
  }
}
