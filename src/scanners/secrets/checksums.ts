/** Checksums that token formats embed, so look-alike strings can be told from real tokens. */
import { crc32 } from 'node:zlib';
import { toBase62 } from '../../core/ids.js';

/**
 * GitHub's and npm's token format: `<prefix>_` + 30 random base62 characters +
 * 6 characters of base62 CRC-32 over the random part.
 */
export function hasBase62Crc32Checksum(token: string): boolean {
  const body = token.slice(token.lastIndexOf('_') + 1);
  if (body.length < 7) return false;
  return toBase62(crc32(body.slice(0, -6)), 6) === body.slice(-6);
}

/** Builds a well-formed token for docs and tests: prefix + random part + its checksum. */
export function withBase62Crc32Checksum(prefix: string, random: string): string {
  return `${prefix}${random}${toBase62(crc32(random), 6)}`;
}
