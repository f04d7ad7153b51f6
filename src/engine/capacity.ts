import { AppError } from '../core/errors.js';

/**
 * Bounds how many scans run at once in this process. Past capacity a request
 * is refused at once with 503 and Retry-After rather than queued behind work
 * whose length nobody knows.
 */
export class ScanCapacity {
  private running = 0;
  constructor(private readonly max: number) {}

  get inUse(): number {
    return this.running;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) {
      throw new AppError('unavailable', `All ${this.max} scan slots are busy; retry shortly`, { retryAfterSeconds: 15 });
    }
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
    }
  }
}
