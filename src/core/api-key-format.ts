import { timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { toBase62 } from './ids.js';

/**
 * Vigil API keys: `vgl_live_` + 32 random base62 characters + a 6-character
 * base62 CRC32 checksum of everything before it. The checksum lets a scanner
 * (ours included) tell a real key from a typo without a database lookup.
 */
export const KEY_PREFIX = 'vgl_live_';
export const KEY_RANDOM_LENGTH = 32;
export const KEY_CHECKSUM_LENGTH = 6;
export const KEY_LENGTH = KEY_PREFIX.length + KEY_RANDOM_LENGTH + KEY_CHECKSUM_LENGTH;
/** How many characters of a key are kept for display ("vgl_live_AbCd…"). */
export const KEY_DISPLAY_LENGTH = KEY_PREFIX.length + 4;

const KEY_SHAPE = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${KEY_RANDOM_LENGTH + KEY_CHECKSUM_LENGTH}}$`);

export function keyChecksum(body: string): string {
  return toBase62(crc32(body), KEY_CHECKSUM_LENGTH);
}

/** True when the text has the shape of a Vigil key and its checksum matches. */
export function isWellFormedApiKey(text: string): boolean {
  if (!KEY_SHAPE.test(text)) return false;
  const body = text.slice(0, -KEY_CHECKSUM_LENGTH);
  const expected = Buffer.from(keyChecksum(body));
  return timingSafeEqual(expected, Buffer.from(text.slice(-KEY_CHECKSUM_LENGTH)));
}
