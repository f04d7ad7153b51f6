import { AppError } from '../core/errors.js';

/**
 * Bounds how many scans of one kind run at once in this process, and how many
 * of them one account may hold. Past capacity a request is refused at once
 * (503, or 429 for an account at its own limit) with Retry-After, rather than
 * queued behind work whose length nobody knows.
 */
export class ScanCapacity {
  private running = 0;
  private readonly byAccount = new Map<string, number>();

  /**
   * @param max scans of this kind at once in the process
   * @param perAccount scans one account may run at once (default: all of them)
   * @param kind how the messages name these scans ("repository scans", "API scans")
   */
  constructor(
    private readonly max: number,
    private readonly perAccount: number = max,
    private readonly kind = 'scan',
  ) {}

  get inUse(): number {
    return this.running;
  }

  /** Runs `work` in a slot; `accountId` (absent in the CLI) is held to its own share. */
  async run<T>(work: () => Promise<T>, accountId?: string): Promise<T> {
    const mine = accountId === undefined ? 0 : (this.byAccount.get(accountId) ?? 0);
    if (accountId !== undefined && mine >= this.perAccount) {
      throw new AppError(
        'rate_limited',
        `This account already runs ${mine} ${this.kind}${mine === 1 ? '' : 's'} at once, its limit; retry when ${mine === 1 ? 'it finishes' : 'one finishes'}`,
        { retryAfterSeconds: 10 },
      );
    }
    if (this.running >= this.max) {
      throw new AppError('unavailable', `All ${this.max} ${this.kind} slots are busy; retry shortly`, { retryAfterSeconds: 15 });
    }
    this.running++;
    if (accountId !== undefined) this.byAccount.set(accountId, mine + 1);
    try {
      return await work();
    } finally {
      this.running--;
      if (accountId !== undefined) {
        const left = (this.byAccount.get(accountId) ?? 1) - 1;
        if (left <= 0) this.byAccount.delete(accountId);
        else this.byAccount.set(accountId, left);
      }
    }
  }
}
