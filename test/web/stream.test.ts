import { describe, expect, it } from 'vitest';
import { displayableLength, readTextStream, SERVICE_ERROR, splitAtSentinel } from '../../web/src/lib/stream.js';

/** A body that delivers the given chunks one read at a time, remembering whether it was cancelled. */
function body(chunks: readonly (string | Uint8Array)[]): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  const encoder = new TextEncoder();
  let index = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index];
      index += 1;
      if (chunk === undefined) controller.close();
      else controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

async function read(chunks: readonly (string | Uint8Array)[]) {
  const updates: string[] = [];
  const { stream, cancelled } = body(chunks);
  const outcome = await readTextStream(stream, (text) => updates.push(text));
  return { outcome, updates, cancelled: cancelled() };
}

describe('readTextStream', () => {
  it('appends text as chunks arrive and returns the whole answer', async () => {
    const { outcome, updates } = await read(['The key ', 'is exposed', ' in git.']);
    expect(updates).toEqual(['The key ', 'The key is exposed', 'The key is exposed in git.']);
    expect(outcome).toEqual({ text: 'The key is exposed in git.' });
  });

  it('decodes characters split between chunks', async () => {
    const bytes = new TextEncoder().encode('naïve → fix');
    const { outcome } = await read([bytes.slice(0, 3), bytes.slice(3, 9), bytes.slice(9)]);
    expect(outcome.text).toBe('naïve → fix');
  });

  it('stops at the sentinel and reports the message after it as an error, not as text', async () => {
    const { outcome, updates, cancelled } = await read([
      'Partial answer',
      `\n${SERVICE_ERROR} The AI engine failed mid-answer (overloaded); retry the request.\n`,
      'text after the sentinel',
    ]);
    expect(outcome.text).toBe('Partial answer');
    expect(outcome.error).toBe('The AI engine failed mid-answer (overloaded); retry the request.');
    expect(updates.join('')).not.toContain(SERVICE_ERROR);
    expect(updates.at(-1)).toBe('Partial answer');
    expect(cancelled).toBe(true);
  });

  it('recognises a sentinel split across chunks without ever showing part of it', async () => {
    const { outcome, updates } = await read(['Answer\n[SERV', 'ICE_ERR', 'OR] engine timed ', 'out\n']);
    expect(outcome).toEqual({ text: 'Answer', error: 'engine timed out' });
    for (const update of updates) expect(update).not.toMatch(/\[S/);
  });

  it('takes a sentinel at the very end of the body, with or without a message', async () => {
    expect((await read(['Hello', `\n${SERVICE_ERROR} gone`])).outcome).toEqual({ text: 'Hello', error: 'gone' });
    const bare = (await read([`${SERVICE_ERROR}`])).outcome;
    expect(bare.text).toBe('');
    expect(bare.error).toMatch(/retry/);
  });

  it('shows a trailing "[" held back for the sentinel once the body ends', async () => {
    const { outcome, updates } = await read(['array[', '']);
    expect(outcome.text).toBe('array[');
    expect(updates.at(-1)).toBe('array[');
  });
});

describe('sentinel helpers', () => {
  it('holds back only a tail that could begin the sentinel', () => {
    expect(displayableLength('abc')).toBe(3);
    expect(displayableLength('abc[')).toBe(3);
    expect(displayableLength('abc[SERVICE')).toBe(3);
    expect(displayableLength('abc[X')).toBe(5);
    expect(displayableLength('')).toBe(0);
  });

  it('splits text at the sentinel and knows when its line is complete', () => {
    expect(splitAtSentinel('plain')).toEqual({ output: 'plain', error: undefined, complete: false });
    expect(splitAtSentinel(`a\n${SERVICE_ERROR} msg`)).toEqual({ output: 'a', error: 'msg', complete: false });
    expect(splitAtSentinel(`a\n${SERVICE_ERROR} msg\nmore`)).toEqual({ output: 'a', error: 'msg', complete: true });
  });
});
