/**
 * The builtin provider: Vigil's offline engine behind the AiProvider contract.
 * It needs the finding or scan itself, not a prompt, so besides `stream` it
 * has `explain`, `fix` and `triage`; routes check `isBuiltinProvider` and call
 * those. Every answer is streamed paragraph by paragraph.
 */
import type { Finding } from '../../core/findings.js';
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

/** Streams text paragraph by paragraph, stopping with the signal's reason once it is aborted. */
export async function* streamParagraphs(text: string, signal?: AbortSignal): AsyncGenerator<string> {
  for (const chunk of paragraphChunks(text)) {
    signal?.throwIfAborted();
    yield chunk;
    // Let the consumer write each chunk before the next one is produced.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

export function createBuiltinProvider(): BuiltinProvider {
  return {
    name: 'builtin',
    model: BUILTIN_MODEL,
    stream: (request: AiRequest) => streamParagraphs(BUILTIN_PROMPT_REPLY, request.signal),
    explain: (finding, signal) => streamParagraphs(builtinExplain(finding), signal),
    fix: (finding, signal) => streamParagraphs(builtinFix(finding), signal),
    triage: (scan, signal) => streamParagraphs(builtinTriage(scan), signal),
  };
}

export function isBuiltinProvider(provider: AiProvider): provider is BuiltinProvider {
  const candidate: Partial<BuiltinAi> & AiProvider = provider;
  return provider.name === 'builtin' && typeof candidate.explain === 'function' && typeof candidate.fix === 'function' && typeof candidate.triage === 'function';
}
