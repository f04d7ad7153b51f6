import { AppError } from '../core/errors.js';

/**
 * Bounds how many scans of one kind run at once in this process, and how many
 * of them one account may hold. Past capacity a request is refused at once
 * (503, or 429 for an account at its own limit) with Retry-After, rather than
 * queued behind work whose length nobody knows.
 */
export interface CapacityQueue {
  /** Scans that may wait for a slot at once; past that, 503 as without a queue. */
  readonly maxWaiting: number;
  /** How long one waits before giving up with 503. */
  readonly maxWaitMs: number;
}

export class ScanCapacity {
  private running = 0;
  private readonly byAccount = new Map<string, number>();
  private readonly waiting: (() => void)[] = [];

  /**
   * @param max scans of this kind at once in the process
   * @param perAccount scans one account may run at once (default: all of them)
   * @param kind how the messages name these scans ("repository scans", "API scans")
   */
  constructor(
    private readonly max: number,
    private readonly perAccount: number = max,
    private readonly kind = 'scan',
    /** Optional short queue for kinds whose scans take seconds (API scans); none by default. */
    private readonly queue?: CapacityQueue,
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
    if (accountId !== undefined) this.byAccount.set(accountId, mine + 1);
    try {
      await this.acquire();
    } catch (error) {
      this.releaseAccount(accountId);
      throw error;
    }
    try {
      return await work();
    } finally {
      this.releaseAccount(accountId);
      const next = this.waiting.shift();
      // The slot passes straight to the first waiter, so `running` stays the same.
      if (next) next();
      else this.running--;
    }
  }

  /** Takes a slot now, or waits in the queue for one that a finishing scan hands over. */
  private acquire(): Promise<void> {
    if (this.running < this.max) {
      this.running++;
      return Promise.resolve();
    }
    const busy = () => new AppError('unavailable', `All ${this.max} ${this.kind} slots are busy; retry shortly`, { retryAfterSeconds: 15 });
    const queue = this.queue;
    if (queue === undefined || this.waiting.length >= queue.maxWaiting) return Promise.reject(busy());
    return new Promise<void>((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(wake);
        if (at !== -1) this.waiting.splice(at, 1);
        reject(busy());
      }, queue.maxWaitMs);
      this.waiting.push(wake);
    });
  }

  private releaseAccount(accountId: string | undefined): void {
    if (accountId === undefined) return;
    const left = (this.byAccount.get(accountId) ?? 1) - 1;
    if (left <= 0) this.byAccount.delete(accountId);
    else this.byAccount.set(accountId, left);
  }
}
