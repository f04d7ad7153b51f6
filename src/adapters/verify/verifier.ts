/**
 * Secret validity checks (`verify`): for each found secret whose rule has a
 * provider check, one read-only identity request to the provider's official
 * endpoint, within the provider's time limit, at most `concurrency` at once
 * for the whole process. Answers never follow redirects (the secret goes to
 * that one host only), and nothing here logs: not the secret, not the request.
 */
import type { SecretToVerify, VerificationResult, VerifySecrets } from '../../core/verification.js';
import { VERSION } from '../../core/version.js';
import { CHECKS, OFFICIAL_BASE_URLS, PROVIDER_TIMEOUT_MS, type Provider } from './providers.js';

export interface VerifierOptions {
  /** Replaces official endpoints: tests only (loopback fakes); never read from configuration. */
  readonly baseUrls?: Partial<Record<Provider, string>>;
  /** Requests in flight at once across every scan of the process (default 4). */
  readonly concurrency?: number;
  readonly timeoutsMs?: Partial<Record<Provider, number>>;
  /** Vigil's own API keys, checked against this service's accounts (no request leaves the process). */
  readonly vigilKey?: (key: string) => Promise<boolean | null>;
  readonly now?: () => Date;
}

const MAX_BODY = 64 * 1024;

/** A counting semaphore shared by every scan. */
class Limiter {
  private active = 0;
  private readonly queue: (() => void)[] = [];
  constructor(private readonly max: number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.active++;
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }
}

async function readBounded(response: Response): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= MAX_BODY) break;
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function createVerifier(options: VerifierOptions = {}): VerifySecrets {
  const limiter = new Limiter(Math.max(1, options.concurrency ?? 4));
  const now = options.now ?? (() => new Date());
  const baseOf = (provider: Provider) => new URL(options.baseUrls?.[provider] ?? OFFICIAL_BASE_URLS[provider]);

  async function one(item: SecretToVerify, signal?: AbortSignal): Promise<VerificationResult | undefined> {
    if (item.ruleId === 'vigil-api-key') {
      if (!options.vigilKey) return undefined;
      const verified = await options.vigilKey(item.secret).catch(() => null);
      return { verified, verifiedAt: now().toISOString() };
    }
    const check = CHECKS[item.ruleId];
    if (!check) return undefined;
    const base = baseOf(check.provider);
    const request = check.build(item.secret, item.companions, base, now());
    if (!request) return { verified: null, verifiedAt: now().toISOString() };
    return limiter.run(async () => {
      const timeout = AbortSignal.timeout(options.timeoutsMs?.[check.provider] ?? PROVIDER_TIMEOUT_MS[check.provider]);
      let verified: boolean | null = null;
      try {
        // The host is the provider's fixed endpoint; the only scanned part of the path is a Twilio SID (AC + 32 hex).
        // vigil-ignore: ssrf
        const response = await fetch(new URL(request.path, base), {
          method: request.method,
          headers: { 'user-agent': `vigil-verify/${VERSION}`, ...request.headers },
          ...(request.body === undefined ? {} : { body: request.body }),
          redirect: 'manual',
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        verified = check.interpret(response.status, await readBounded(response));
      } catch {
        // Unreachable, timed out, refused: unknown. The error is not kept (it could quote the request).
        verified = null;
      }
      return { verified, verifiedAt: now().toISOString() };
    });
  }

  return async (secrets, signal) => {
    const results = new Map<string, VerificationResult>();
    await Promise.all(
      secrets.map(async (item) => {
        const result = await one(item, signal);
        if (result) results.set(item.id, result);
      }),
    );
    return results;
  };
}
