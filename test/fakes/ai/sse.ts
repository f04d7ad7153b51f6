import type { ServerResponse } from 'node:http';

/**
 * Server-sent events as the AI vendors write them (text/event-stream, one `data:` line of JSON
 * per event, an `event:` line where the vendor names its events, a blank line after each).
 */
export interface SseEvent {
  /** The `event:` name (Anthropic names every event); omitted by OpenAI and Gemini. */
  readonly event?: string;
  /** JSON-serialised unless already a string (OpenAI's final `[DONE]`). */
  readonly data: unknown;
}

export interface SseOptions {
  /** Gemini ends lines with CRLF; the others with LF. */
  readonly lineEnding?: '\n' | '\r\n';
  readonly headers?: Readonly<Record<string, string>>;
}

export function startSse(res: ServerResponse, options: SseOptions = {}): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...options.headers,
  });
  res.flushHeaders();
}

export function formatSse(event: SseEvent, lineEnding: '\n' | '\r\n' = '\n'): string {
  const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
  const name = event.event === undefined ? '' : `event: ${event.event}${lineEnding}`;
  return `${name}data: ${data}${lineEnding}${lineEnding}`;
}

/** Writes events unless the client has gone; returns false once it has. */
export function writeSse(res: ServerResponse, events: readonly SseEvent[], lineEnding: '\n' | '\r\n' = '\n'): boolean {
  if (res.destroyed || res.writableEnded) return false;
  for (const event of events) res.write(formatSse(event, lineEnding));
  return true;
}

/** Resolves after `ms`, or at once when `signal` aborts (the client went away). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
