/**
 * The AI provider contract: every provider (the offline builtin one and the remote vendors)
 * streams text deltas and fails only with AiError.
 *
 * Remote providers use the Vercel AI SDK v6 rather than the official SDKs because it gives one
 * error type for every vendor (APICallError with status, headers and parsed body), reports
 * mid-stream error events as stream parts after the deltas already sent, passes one
 * AbortSignal straight to fetch, lets us turn its retries off, and installs on Node 20 (the
 * current `openai` and `@google/genai` majors need Node 22).
 */
export { AiError, isAiError, type AiErrorKind, type AiErrorOptions } from './providers/errors.js';
export { DEFAULT_MODELS } from './providers/models.js';
export { providerForKey } from '../../core/ai-key-prefix.js';
export { createRemoteProvider, DEFAULT_FIRST_TOKEN_TIMEOUT_MS } from './providers/remote.js';

export type ProviderName = 'builtin' | 'anthropic' | 'openai' | 'google' | 'openai-compatible';
export type RemoteProviderName = Exclude<ProviderName, 'builtin'>;

export interface AiRequest {
  readonly system: string;
  readonly prompt: string;
  readonly maxOutputTokens?: number;
  readonly signal: AbortSignal;
}

export interface AiProvider {
  readonly name: ProviderName;
  readonly model: string;
  /** Text deltas as the provider streams them. Throws AiError (before or during the stream). Aborting the signal cancels the upstream HTTP request. */
  stream(request: AiRequest): AsyncIterable<string>;
}

export interface ProviderSettings {
  readonly provider: RemoteProviderName;
  readonly apiKey?: string;
  /**
   * API root. An origin alone (`https://proxy.example`) gets the vendor's version path
   * appended (`/v1`, Gemini `/v1beta`); a URL with a path is used as given
   * (`http://127.0.0.1:11434/v1`). Required for openai-compatible.
   */
  readonly baseUrl?: string;
  readonly model?: string;
  readonly fetch?: typeof fetch;
  /** Time allowed until the first text delta (default DEFAULT_FIRST_TOKEN_TIMEOUT_MS); then the stream fails with 'timeout'. */
  readonly firstTokenTimeoutMs?: number;
}

