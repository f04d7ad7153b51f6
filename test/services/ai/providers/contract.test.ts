import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { AiError, createRemoteProvider, DEFAULT_MODELS, providerForKey } from '../../../../src/services/ai/provider.js';
import { toAiError, type ClassifyContext } from '../../../../src/services/ai/providers/classify.js';
import { redactorFor } from '../../../../src/services/ai/providers/errors.js';
import { apiRoot } from '../../../../src/services/ai/providers/models.js';

// Key prefixes are assembled at run time: the file holds no token-shaped literal.
const ANT = 'sk-' + 'ant-';

describe('providerForKey', () => {
  it.each([
    [ANT + 'api03-abc', 'anthropic'],
    [ANT + 'admin01-abc', 'anthropic'],
    ['AIzaSyAbc', 'google'],
    ['sk-proj-abc', 'openai'],
    ['sk-svcacct-abc', 'openai'],
    ['sk-admin-abc', 'openai'],
    ['sk-abc', 'openai'],
  ] as const)('recognises %s as %s', (key, provider) => {
    expect(providerForKey(key)).toBe(provider);
  });

  it.each(['', 'abc', 'gsk_abc', 'xai-abc', 'gh' + 'p_abc', 'SK-ANT-abc', 'aiza-abc'])('leaves %j unrecognised', (key) => {
    expect(providerForKey(key)).toBeUndefined();
  });
});

describe('createRemoteProvider settings', () => {
  it('has a default model for every remote provider', () => {
    expect(Object.keys(DEFAULT_MODELS).sort()).toEqual(['anthropic', 'google', 'openai', 'openai-compatible']);
  });

  it('refuses a vendor provider without a key instead of reading the SDK environment variables', () => {
    expect(() => createRemoteProvider({ provider: 'anthropic' })).toThrow(/API key/);
    expect(() => createRemoteProvider({ provider: 'google', apiKey: '' })).toThrow(/API key/);
  });

  it('requires a base URL for openai-compatible, and no key', () => {
    expect(() => createRemoteProvider({ provider: 'openai-compatible' })).toThrow(/base URL/);
    expect(createRemoteProvider({ provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1' }).model).toBe('llama3.1');
  });

  it('appends the version path to an origin and keeps a given path', () => {
    expect(apiRoot('anthropic', undefined)).toBe('https://api.anthropic.com/v1');
    expect(apiRoot('google', 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/v1beta');
    expect(apiRoot('openai', 'http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080/v1');
    expect(apiRoot('openai-compatible', 'http://127.0.0.1:8080/api/v1/')).toBe('http://127.0.0.1:8080/api/v1');
  });
});

describe('error classification', () => {
  const key = `${ANT}api03-${'k'.repeat(40)}`;
  const ctx: ClassifyContext = { provider: 'anthropic', label: 'Anthropic', redact: redactorFor(key) };
  const apiError = (statusCode: number | undefined, headers: Record<string, string> = {}, responseBody?: string): APICallError =>
    new APICallError({ message: 'upstream said no', url: 'http://127.0.0.1/v1/messages', requestBodyValues: { prompt: key }, statusCode, responseHeaders: headers, responseBody });

  it('reads retry-after as seconds, as an HTTP date, and retry-after-ms', () => {
    expect(toAiError(apiError(429, { 'retry-after': '12' }), ctx).options?.retryAfterSeconds).toBe(12);
    expect(toAiError(apiError(429, { 'retry-after-ms': '1500' }), ctx).options?.retryAfterSeconds).toBe(2);
    const date = new Date(Date.now() + 30_000).toUTCString();
    const fromDate = toAiError(apiError(429, { 'retry-after': date }), ctx).options?.retryAfterSeconds ?? 0;
    expect(fromDate).toBeGreaterThanOrEqual(28);
    expect(fromDate).toBeLessThanOrEqual(31);
    expect(toAiError(apiError(429), ctx).options?.retryAfterSeconds).toBeUndefined();
  });

  it('maps statuses the vendors document', () => {
    expect(toAiError(apiError(529), ctx).kind).toBe('overloaded');
    expect(toAiError(apiError(503), ctx).kind).toBe('unavailable');
    expect(toAiError(apiError(503), { ...ctx, provider: 'openai' }).kind).toBe('overloaded');
    expect(toAiError(apiError(502), ctx).kind).toBe('unavailable');
    expect(toAiError(apiError(404), ctx).kind).toBe('bad_request');
    expect(toAiError(apiError(401), ctx).kind).toBe('rejected_key');
    expect(toAiError(apiError(500, {}, JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })), ctx).kind).toBe('overloaded');
  });

  it('keeps the prompt and the key out of the error and its cause', () => {
    const error = toAiError(apiError(400, {}, JSON.stringify({ error: { message: `bad key ${key}` } })), ctx);
    expect(error).toBeInstanceOf(AiError);
    expect(error.message).toBe('Anthropic rejected the request (HTTP 400): bad key [redacted]');
    expect(JSON.stringify(error.options)).not.toContain(key);
    expect(String((error.options?.cause as Error).stack)).not.toContain(key);
  });

  it('redacts key-shaped text that is not the configured key, and bounds its length', () => {
    const redact = redactorFor(undefined);
    expect(redact(`got AIza${'x'.repeat(35)} and sk-proj-${'y'.repeat(30)}`)).toBe('got [redacted] and [redacted]');
    expect(redact('a'.repeat(5_000)).length).toBeLessThanOrEqual(301);
  });

  it('classifies a raw mid-stream payload by its type', () => {
    expect(toAiError({ type: 'overloaded_error', message: 'Overloaded' }, ctx).kind).toBe('overloaded');
    expect(toAiError({ message: 'x', type: 'server_error', code: null }, ctx).kind).toBe('unavailable');
    expect(toAiError({ message: 'x', type: 'tokens', code: 'rate_limit_exceeded' }, ctx).kind).toBe('rate_limited');
    expect(toAiError('something odd', ctx).kind).toBe('unknown');
  });
});
