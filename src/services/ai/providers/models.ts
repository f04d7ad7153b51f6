import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { RemoteProviderName } from './classify.js';

/**
 * Models used when AI_MODEL is unset: a current, generally available, non-reasoning-first
 * model of each vendor (text starts streaming quickly). Operators pin their own with AI_MODEL.
 */
export const DEFAULT_MODELS: Readonly<Record<RemoteProviderName, string>> = Object.freeze({
  anthropic: 'claude-sonnet-4-5',
  openai: 'gpt-4.1-mini',
  google: 'gemini-2.5-flash',
  'openai-compatible': 'llama3.1',
});

export const PROVIDER_LABELS: Readonly<Record<RemoteProviderName, string>> = Object.freeze({
  anthropic: 'Anthropic',
  openai: 'OpenAI',
  google: 'Google Gemini',
  'openai-compatible': 'The OpenAI-compatible server',
});

/** Version path each API lives under; appended when a base URL is given as an origin only. */
const VERSION_PATHS: Readonly<Record<RemoteProviderName, string>> = Object.freeze({
  anthropic: '/v1',
  openai: '/v1',
  google: '/v1beta',
  'openai-compatible': '/v1',
});

const OFFICIAL_ROOTS: Readonly<Record<Exclude<RemoteProviderName, 'openai-compatible'>, string>> = Object.freeze({
  anthropic: 'https://api.anthropic.com/v1',
  openai: 'https://api.openai.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
});

export interface ModelSettings {
  readonly provider: RemoteProviderName;
  readonly apiKey?: string;
  readonly baseUrl?: string;
  readonly model?: string;
  readonly fetch?: typeof fetch;
}

/**
 * The API root the SDK appends its paths to. `https://host` becomes `https://host/v1`
 * (`/v1beta` for Gemini); a URL with a path (`http://127.0.0.1:11434/v1`, a proxy's
 * `/anthropic/v1`) is used as given.
 */
export function apiRoot(provider: RemoteProviderName, baseUrl: string | undefined): string {
  if (baseUrl === undefined) {
    if (provider === 'openai-compatible') throw new Error('openai-compatible needs a base URL (AI_BASE_URL)');
    return OFFICIAL_ROOTS[provider];
  }
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = path === '' ? VERSION_PATHS[provider] : path;
  return url.toString().replace(/\/+$/, '');
}

/**
 * The AI SDK language model for these settings. Keys are passed explicitly (an empty string
 * when absent) so no SDK falls back to reading its own environment variable.
 */
export function openLanguageModel(settings: ModelSettings): { readonly model: LanguageModel; readonly modelId: string } {
  const { provider } = settings;
  const modelId = settings.model ?? DEFAULT_MODELS[provider];
  const baseURL = apiRoot(provider, settings.baseUrl);
  const apiKey = settings.apiKey ?? '';
  const fetch = settings.fetch;
  switch (provider) {
    case 'anthropic':
      return { model: createAnthropic({ apiKey, baseURL, fetch })(modelId), modelId };
    case 'openai':
      // Chat Completions, not the Responses API: the same wire format as openai-compatible servers.
      return { model: createOpenAI({ apiKey, baseURL, fetch }).chat(modelId), modelId };
    case 'google':
      return { model: createGoogleGenerativeAI({ apiKey, baseURL, fetch })(modelId), modelId };
    case 'openai-compatible': {
      const compatible = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL,
        fetch,
        ...(settings.apiKey === undefined ? {} : { apiKey: settings.apiKey }),
      });
      return { model: compatible.chatModel(modelId), modelId };
    }
  }
}
