import type { WorkspaceFile } from './workspace.js';

/**
 * Batches of kept files pushed by a source as it reads them (an archive's extraction, a local walk),
 * read once by the scan; `fail` makes the reader throw after the batches already pushed.
 */
export class ArrivalQueue implements AsyncIterable<readonly WorkspaceFile[]> {
  private readonly items: (readonly WorkspaceFile[])[] = [];
  private finished = false;
  private failure: { error: unknown } | undefined;
  private wake: (() => void) | undefined;

  push(files: readonly WorkspaceFile[]): void {
    this.items.push(files);
    this.notify();
  }

  end(): void {
    this.finished = true;
    this.notify();
  }

  fail(error: unknown): void {
    this.failure = { error };
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<readonly WorkspaceFile[]> {
    for (;;) {
      const next = this.items.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (this.failure !== undefined) throw this.failure.error;
      if (this.finished) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}
