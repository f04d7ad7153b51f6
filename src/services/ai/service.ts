/**
 * Which provider answers a request, and what it is asked. Remote providers get
 * a versioned prompt that went through secret redaction; the builtin engine
 * gets the structured finding or scan.
 */
import { AppError } from '../../core/errors.js';
import type { Finding } from '../../core/findings.js';
import { createBuiltinProvider, isBuiltinProvider } from './builtin/index.js';
import { explainPrompt, fixPrompt, triagePrompt } from './prompts/index.js';
import { createRemoteProvider, providerForKey, type AiProvider, type ProviderName, type RemoteProviderName } from './provider.js';
import { redactPrompt } from './redact.js';
import { redactedRanking, redactFinding } from './redact-task.js';
import type { TriageScan } from './triage/types.js';

export interface AiSettings {
  readonly provider: ProviderName;
  readonly apiKey?: string;
  readonly baseUrl?: string;
  readonly model?: string;
  /** Pause between the offline engine's sections (ms); 0 or absent sends them back to back. */
  readonly builtinPaceMs?: number;
}

export type AiTask = { readonly kind: 'explain' | 'fix'; readonly finding: Finding } | { readonly kind: 'triage'; readonly scan: TriageScan };

export interface SelectedProvider {
  readonly provider: AiProvider;
  /** Whether the caller's own api_key is in use (a rejection is then the caller's 400, not our 503). */
  readonly callerKey: boolean;
}

/**
 * The configured provider; with a caller's `api_key`, the configured remote
 * provider with that key, or — when the server runs builtin — the provider the
 * key's documented prefix names.
 */
export function selectProvider(settings: AiSettings, callerKey?: string): SelectedProvider {
  const key = callerKey?.trim() ? callerKey.trim() : undefined;
  if (key === undefined) {
    if (settings.provider === 'builtin') return { provider: createBuiltinProvider({ paceMs: settings.builtinPaceMs ?? 0 }), callerKey: false };
    return { provider: remote(settings.provider, settings, settings.apiKey), callerKey: false };
  }
  const name: RemoteProviderName | undefined = settings.provider === 'builtin' ? providerForKey(key) : settings.provider;
  if (name === undefined) {
    throw new AppError('bad_request', 'api_key: its provider cannot be recognised from its prefix (sk-ant-…, sk-…, AIza…); the server runs the offline engine, so set AI_PROVIDER to use other keys');
  }
  return { provider: remote(name, settings, key), callerKey: true };
}

function remote(name: RemoteProviderName, settings: AiSettings, apiKey: string | undefined): AiProvider {
  // The configured base URL and model belong to the configured provider only.
  const own = name === settings.provider;
  return createRemoteProvider({
    provider: name,
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(own && settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
    ...(own && settings.model ? { model: settings.model } : {}),
  });
}

/** The prompt for a remote provider, built from findings whose fields were redacted first (see redact-task.ts). */
function promptFor(task: AiTask) {
  if (task.kind === 'triage') return triagePrompt.build({ scan: task.scan, actions: redactedRanking(task.scan.findings) });
  const finding = redactFinding(task.finding);
  return task.kind === 'explain' ? explainPrompt.build({ finding }) : fixPrompt.build({ finding });
}

/** The answer as text deltas. Remote prompts are redacted before they leave the process. */
export function answer(provider: AiProvider, task: AiTask, signal: AbortSignal): AsyncIterable<string> {
  if (isBuiltinProvider(provider)) {
    if (task.kind === 'triage') return provider.triage(task.scan, signal);
    return task.kind === 'explain' ? provider.explain(task.finding, signal) : provider.fix(task.finding, signal);
  }
  const { system, prompt } = redactPrompt(promptFor(task));
  return provider.stream({ system, prompt, signal });
}
