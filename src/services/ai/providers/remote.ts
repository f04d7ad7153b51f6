import { streamText, type LanguageModel } from 'ai';
import type { AiProvider, AiRequest, ProviderSettings } from '../provider.js';
import { stopError, toAiError, type ClassifyContext } from './classify.js';
import { AiError, redactorFor } from './errors.js';
import { PROVIDER_LABELS, openLanguageModel } from './models.js';

/** How long a stream may go without its first text delta before it fails with 'timeout'. */
export const DEFAULT_FIRST_TOKEN_TIMEOUT_MS = 30_000;

const ignoreSdkErrorLog = (): void => undefined;

function isTimeoutReason(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'TimeoutError';
}

/**
 * A caller's abort is 'cancelled'; an AbortSignal.timeout() deadline of the caller is 'timeout';
 * an AiError given as the abort reason is thrown as it is (the caller named the kind).
 */
function callerStop(signal: AbortSignal, ctx: ClassifyContext): AiError {
  const reason: unknown = signal.reason;
  if (reason instanceof AiError) return reason;
  return stopError(isTimeoutReason(reason) ? 'timeout' : 'cancelled', ctx);
}

/**
 * One request, streamed. Retry policy: none. The SDK's own retries are off (maxRetries: 0)
 * and we add none, not even before the first token: an overloaded or unreachable provider
 * is reported at once with its kind, and the caller (which knows the user is waiting) decides
 * whether to try again or fall back to the builtin provider. A stream that already yielded
 * text is never retried, because the consumer has shown it.
 */
async function* streamDeltas(model: LanguageModel, request: AiRequest, ctx: ClassifyContext, limitMs: number): AsyncGenerator<string, void, undefined> {
  if (request.signal.aborted) throw callerStop(request.signal, ctx);
  const upstream = new AbortController();
  const forwardAbort = (): void => upstream.abort(request.signal.reason);
  request.signal.addEventListener('abort', forwardAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    upstream.abort();
  }, limitMs);
  const stopped = (): AiError | undefined => {
    if (request.signal.aborted) return callerStop(request.signal, ctx);
    return timedOut ? stopError('timeout', ctx, limitMs) : undefined;
  };
  try {
    const result = streamText({
      model,
      system: request.system,
      prompt: request.prompt,
      maxOutputTokens: request.maxOutputTokens,
      maxRetries: 0,
      abortSignal: upstream.signal,
      onError: ignoreSdkErrorLog,
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        clearTimeout(timer);
        if (part.text !== '') yield part.text;
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'abort') {
        break;
      }
    }
    const stop = stopped();
    if (stop !== undefined) throw stop;
  } catch (error) {
    throw stopped() ?? toAiError(error, ctx);
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', forwardAbort);
    // The consumer may have stopped early (break, return): release the HTTP request too.
    upstream.abort();
  }
}

/** A provider backed by a vendor's HTTP API through the Vercel AI SDK. */
export function createRemoteProvider(settings: ProviderSettings): AiProvider {
  const { provider } = settings;
  const label = PROVIDER_LABELS[provider];
  if (provider !== 'openai-compatible' && (settings.apiKey ?? '') === '') {
    throw new Error(`${label} needs an API key (AI_API_KEY)`);
  }
  const { model, modelId } = openLanguageModel(settings);
  const ctx: ClassifyContext = { provider, label, redact: redactorFor(settings.apiKey) };
  const limitMs = settings.firstTokenTimeoutMs ?? DEFAULT_FIRST_TOKEN_TIMEOUT_MS;
  return Object.freeze({
    name: provider,
    model: modelId,
    stream: (request: AiRequest): AsyncIterable<string> => streamDeltas(model, request, ctx, limitMs),
  });
}
