/**
 * Webhook signatures, as Stripe's: `Vigil-Signature: t=<unix seconds>,v1=<hex>`
 * where v1 is HMAC-SHA256 of `<t>.<raw body>` under the webhook's secret. A
 * receiver recomputes it, compares in constant time and refuses a timestamp
 * older than a few minutes (replays).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'vigil-signature';

export function sign(secret: string, body: string, timestampSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

/** Whether the header signs the body under the secret, within `toleranceSeconds` of `nowSeconds`. */
export function verify(secret: string, body: string, header: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [key, value] = item.split('=', 2);
    if (key === undefined || value === undefined) continue;
    parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isSafeInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  return (parts.get('v1') ?? []).some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
