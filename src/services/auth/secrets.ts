import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The random values the dashboard hands out (session cookies, sign-in tokens,
 * CSRF tokens, OAuth state): 32 random bytes, base64url, 43 characters.
 */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function isWellFormedSecret(value: unknown): value is string {
  return typeof value === 'string' && SECRET_PATTERN.test(value);
}

/** What storage keeps instead of a session cookie or a sign-in token. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Constant-time equality of two strings of any length (compares their digests). */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}
