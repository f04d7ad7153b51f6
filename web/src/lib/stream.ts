/**
 * Reads a streamed text/plain AI answer (POST /v1/explain, /v1/fix, /v1/triage).
 * The service ends a stream that failed mid-answer with a line starting with
 * the sentinel below; what follows it is an error message, never output.
 */
export const SERVICE_ERROR = '[SERVICE_ERROR]';

export interface StreamOutcome {
  /** The answer text received before the end (or before the sentinel). */
  readonly text: string;
  /** Set when the service reported a failure with the sentinel. */
  readonly error?: string;
}

/**
 * How much of `text` can be shown now: a tail that could be the start of the
 * sentinel split across chunks is held back until the next chunk decides it.
 */
export function displayableLength(text: string): number {
  const longest = Math.min(text.length, SERVICE_ERROR.length - 1);
  for (let k = longest; k > 0; k -= 1) {
    if (text.endsWith(SERVICE_ERROR.slice(0, k))) return text.length - k;
  }
  return text.length;
}

/** Splits accumulated text at the sentinel, if it is there. */
export function splitAtSentinel(text: string): { output: string; error: string | undefined; complete: boolean } {
  const at = text.indexOf(SERVICE_ERROR);
  if (at < 0) return { output: text, error: undefined, complete: false };
  const rest = text.slice(at + SERVICE_ERROR.length);
  const newline = rest.indexOf('\n');
  const message = (newline < 0 ? rest : rest.slice(0, newline)).trim();
  return { output: text.slice(0, at).trimEnd(), error: message, complete: newline >= 0 };
}

const FALLBACK_ERROR = 'The AI engine failed mid-answer; retry the request.';

/**
 * Reads the body to the end, calling `onText` with the text so far whenever
 * more can be shown. Stops at the sentinel (cancelling the rest of the body).
 */
export async function readTextStream(body: ReadableStream<Uint8Array>, onText: (text: string) => void): Promise<StreamOutcome> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let received = '';
  let shown = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      received += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const split = splitAtSentinel(received);
      if (split.error !== undefined && (split.complete || done)) {
        if (!done) await reader.cancel().catch(() => undefined);
        if (split.output.length !== shown) onText(split.output);
        return { text: split.output, error: split.error === '' ? FALLBACK_ERROR : split.error };
      }
      if (split.error !== undefined) continue; // the message is still arriving
      const visible = done ? received.length : displayableLength(received);
      if (visible > shown) {
        shown = visible;
        onText(received.slice(0, visible));
      }
      if (done) return { text: received };
    }
  } finally {
    reader.releaseLock();
  }
}
