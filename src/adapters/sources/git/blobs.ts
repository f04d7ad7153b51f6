/**
 * Reads blobs through ONE long-lived `git cat-file --batch --buffer` process:
 * every SHA is written to its input (with backpressure), contents are parsed
 * off its output as they stream. Blobs over the size limit are skipped without
 * being kept in memory; binary ones are recognised by their first bytes.
 */
import { looksBinary, SNIFF_BYTES } from '../sniff.js';
import { GitError, gitMissing, spawnGit } from './command.js';

export type BlobResult =
  | { readonly kind: 'text'; readonly text: string; readonly size: number }
  | { readonly kind: 'binary' | 'tooLarge' | 'missing'; readonly size: number };

export interface ReadBlobsOptions {
  readonly maxFileBytes: number;
  readonly signal?: AbortSignal;
  /** Called in order for every SHA; a returned promise pauses reading until it settles (backpressure). */
  readonly onBlob: (index: number, blob: BlobResult) => void | Promise<void>;
}

const WRITE_LINES = 2048;

export function readBlobs(cwd: string, shas: readonly string[], options: ReadBlobsOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (shas.length === 0) return resolve();
    const child = spawnGit(['cat-file', '--batch', '--buffer'], { cwd, ...(options.signal ? { signal: options.signal } : {}) });
    let failed: Error | undefined;
    const fail = (error: unknown) => {
      if (failed !== undefined) return;
      failed = error instanceof Error ? error : new Error('reading blobs failed');
      child.kill('SIGKILL');
    };
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 8192) stderr += chunk.toString('utf8');
    });
    child.stdin.on('error', () => undefined); // EPIPE when git died: reported through 'close'

    // Writer: every SHA, one per line, respecting the pipe's backpressure.
    void (async () => {
      for (let i = 0; i < shas.length && failed === undefined; i += WRITE_LINES) {
        const text = `${shas.slice(i, i + WRITE_LINES).join('\n')}\n`;
        if (!child.stdin.write(text)) await new Promise<void>((r) => child.stdin.once('drain', r).once('close', r));
      }
      child.stdin.end();
    })().catch(fail);

    // Reader: "<sha> <type> <size>\n<content>\n" or "<sha> missing\n".
    let index = 0;
    let header: Buffer = Buffer.alloc(0);
    let content: Buffer | undefined;
    let filled = 0;
    let size = 0;
    /** Bytes of the current object still to come, content plus its trailing newline. */
    let remaining = -1;
    let keep = false;
    let head: Buffer | undefined;

    let waiting = 0;
    const emit = (blob: BlobResult) => {
      const current = index++;
      let pending: void | Promise<void>;
      try {
        pending = options.onBlob(current, blob);
      } catch (error) {
        // Thrown inside a stream event: turned into the read's rejection, never an uncaught exception.
        fail(error);
        return;
      }
      if (pending instanceof Promise) {
        waiting++;
        child.stdout.pause();
        pending.then(() => {
          if (--waiting === 0) child.stdout.resume();
        }, fail);
      }
    };

    const finishObject = () => {
      if (keep && content) {
        emit(looksBinary(content.subarray(0, SNIFF_BYTES)) ? { kind: 'binary', size } : { kind: 'text', text: content.toString('utf8'), size });
      } else if (head) {
        emit({ kind: looksBinary(head) ? 'binary' : 'tooLarge', size });
      }
      content = undefined;
      head = undefined;
    };

    child.stdout.on('data', (chunk: Buffer) => {
      let at = 0;
      while (at < chunk.length && failed === undefined) {
        if (remaining < 0) {
          const nl = chunk.indexOf(10, at);
          if (nl < 0) {
            header = Buffer.concat([header, chunk.subarray(at)]);
            if (header.length > 4096) fail(new GitError('git cat-file: malformed output', null, stderr));
            return;
          }
          const line = Buffer.concat([header, chunk.subarray(at, nl)]).toString('utf8');
          header = Buffer.alloc(0);
          at = nl + 1;
          const parts = line.split(' ');
          if (parts[1] === 'missing' || parts.length < 3) {
            emit({ kind: 'missing', size: 0 });
            continue;
          }
          size = Number(parts[2]);
          keep = parts[1] === 'blob' && size <= options.maxFileBytes;
          content = keep ? Buffer.allocUnsafe(size) : undefined;
          // An oversized blob is not kept; its head tells binary from text for the counts.
          head = keep ? undefined : Buffer.alloc(0);
          filled = 0;
          remaining = size + 1;
        }
        const take = Math.min(remaining, chunk.length - at);
        const contentBytes = Math.min(take, Math.max(0, size - filled));
        if (content) chunk.copy(content, filled, at, at + contentBytes);
        else if (head && head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(at, at + Math.min(contentBytes, SNIFF_BYTES - head.length))]);
        filled += contentBytes;
        remaining -= take;
        at += take;
        if (remaining === 0) {
          remaining = -1;
          finishObject();
        }
      }
    });
    child.on('error', (error: NodeJS.ErrnoException) => fail(error.code === 'ENOENT' ? gitMissing() : error));
    child.on('close', (code) => {
      if (failed !== undefined) return reject(failed);
      if (code !== 0) return reject(new GitError(`git cat-file failed: ${stderr.trim().split('\n').at(-1) ?? ''}`, code, stderr));
      if (index !== shas.length) return reject(new GitError(`git cat-file answered ${index} of ${shas.length} objects`, code, stderr));
      resolve();
    });
  });
}
