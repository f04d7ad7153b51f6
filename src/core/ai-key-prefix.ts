/**
 * Which vendor an AI key belongs to, from its documented prefix. Pure and dependency-free, so the
 * configuration loader and the provider factory share one answer without config pulling in the SDKs.
 */
export type KeyedProviderName = 'anthropic' | 'openai' | 'google';

/**
 * Provider recognised from a key's documented prefix when unambiguous: sk-ant-… → anthropic,
 * AIza… → google, sk-proj-/sk-svcacct-/sk-admin-/sk-… (not sk-ant-) → openai; else undefined.
 */
export function providerForKey(key: string): KeyedProviderName | undefined {
  const trimmed = key.trim();
  if (trimmed.startsWith('sk-ant-')) return 'anthropic';
  if (trimmed.startsWith('AIza')) return 'google';
  if (trimmed.startsWith('sk-')) return 'openai';
  return undefined;
}
