/**
 * Exports cost what they cost: a 10,000-row export reads and writes for a second or more, and twenty
 * at once from one account slowed every other user's calls (22 ms → about 1 s). Each instance runs at
 * most MAX_EXPORTS_PER_ACCOUNT exports of one account and MAX_EXPORTS at once; past that the caller is
 * told to wait (A0501), and nothing is queued that could pile up.
 */
export const MAX_EXPORTS_PER_ACCOUNT = 2;
export const MAX_EXPORTS = 4;

export class ExportSlots {
  private readonly running = new Map<number, number>();
  private total = 0;

  constructor(
    private readonly perAccount = MAX_EXPORTS_PER_ACCOUNT,
    private readonly overall = MAX_EXPORTS,
  ) {}

  /** A slot for `accountId`'s export, with its release (safe to call more than once); undefined when full. */
  take(accountId: number): (() => void) | undefined {
    const own = this.running.get(accountId) ?? 0;
    if (own >= this.perAccount || this.total >= this.overall) return undefined;
    this.running.set(accountId, own + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.running.get(accountId) ?? 1) - 1;
      if (left > 0) this.running.set(accountId, left);
      else this.running.delete(accountId);
    };
  }

  /** Exports running now (for tests and metrics). */
  get size(): number {
    return this.total;
  }
}
