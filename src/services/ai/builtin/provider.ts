/**
 * The builtin provider: Vigil's offline engine behind the AiProvider contract.
 * It needs the finding or scan itself, not a prompt, so besides `stream` it
 * has `explain`, `fix` and `triage`; routes check `isBuiltinProvider` and call
 * those. Every answer is streamed section by section.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Finding } from '../../../core/findings.js';
import type { AiProvider, AiRequest } from '../provider.js';
import type { TriageScan } from '../triage/types.js';
import { builtinExplain } from './explain.js';
import { builtinFix } from './fix.js';
import { BUILTIN_NOTICE } from './text.js';
import { builtinTriage } from './triage.js';

export const BUILTIN_MODEL = 'vigil-offline-v1';

/** The structured entry points of the offline engine. */
export interface BuiltinAi {
  explain(finding: Finding, signal?: AbortSignal): AsyncIterable<string>;
  fix(finding: Finding, signal?: AbortSignal): AsyncIterable<string>;
  triage(scan: TriageScan, signal?: AbortSignal): AsyncIterable<string>;
}

export interface BuiltinProvider extends AiProvider, BuiltinAi {
  readonly name: 'builtin';
}

/** What `stream` answers: the offline engine cannot read a free-form prompt. */
export const BUILTIN_PROMPT_REPLY = `${BUILTIN_NOTICE}\n\nThe offline engine answers structured requests only (explain or fix a finding, triage a scan); it cannot answer a free-form prompt.\n`;

/** The text cut after each blank line; the chunks join back to the text exactly. */
export function paragraphChunks(text: string): string[] {
  return text.split(/(?<=\n\n)/).filter((c) => c !== '');
}

/**
 * The text cut into sections: the opening notice, then each Markdown heading
 * with everything up to the next one. Text without headings is cut into
 * paragraphs. The chunks join back to the text exactly.
 */
export function sectionChunks(text: string): string[] {
  const sections = text.split(/(?<=\n\n)(?=#{1,6} )/).filter((c) => c !== '');
  return sections.length > 1 ? sections : paragraphChunks(text);
}

/** Waits `ms` (0: until the event loop's next turn), or rejects with the signal's reason. */
export type Pause = (ms: number, signal?: AbortSignal) => Promise<void>;

const pause: Pause = async (ms, signal) => {
  if (ms <= 0) return new Promise<void>((resolve) => setImmediate(resolve));
  try {
    await delay(ms, undefined, signal ? { signal } : {});
  } catch (error) {
    signal?.throwIfAborted(); // the signal's own reason, as everywhere else in the stream
    throw error;
  }
};

export interface BuiltinOptions {
  /**
   * Pause between two sections of an answer, so a reader sees it arrive section
   * by section (VIGIL_AI_BUILTIN_PACE_MS over HTTP); 0 sends them back to back.
   */
  readonly paceMs?: number;
  /** For tests: how the pause is taken. */
  readonly pause?: Pause;
}

/**
 * Streams text section by section, each one flushed before the next is
 * produced, stopping with the signal's reason once it is aborted. The answer is
 * complete before the first section leaves: it is redacted as a whole (a
 * secret found in one section is replaced in all of them).
 */
export async function* streamSections(text: string, signal?: AbortSignal, options: BuiltinOptions = {}): AsyncGenerator<string> {
  const wait = options.pause ?? pause;
  const chunks = sectionChunks(text);
  for (const [index, chunk] of chunks.entries()) {
    signal?.throwIfAborted();
    yield chunk;
    // Let the consumer write each chunk before the next one is produced; no pause after the last.
    if (index < chunks.length - 1) await wait(options.paceMs ?? 0, signal);
  }
}

export function createBuiltinProvider(options: BuiltinOptions = {}): BuiltinProvider {
  return {
    name: 'builtin',
    model: BUILTIN_MODEL,
    stream: (request: AiRequest) => streamSections(BUILTIN_PROMPT_REPLY, request.signal, options),
    explain: (finding, signal) => streamSections(builtinExplain(finding), signal, options),
    fix: (finding, signal) => streamSections(builtinFix(finding), signal, options),
    triage: (scan, signal) => streamSections(builtinTriage(scan), signal, options),
  };
}

export function isBuiltinProvider(provider: AiProvider): provider is BuiltinProvider {
  const candidate: Partial<BuiltinAi> & AiProvider = provider;
  return provider.name === 'builtin' && typeof candidate.explain === 'function' && typeof candidate.fix === 'function' && typeof candidate.triage === 'function';
}
