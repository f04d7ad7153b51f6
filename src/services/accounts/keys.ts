import { createHmac } from 'node:crypto';
import { randomBase62 } from '../../core/ids.js';
import { KEY_DISPLAY_LENGTH, KEY_PREFIX, KEY_RANDOM_LENGTH, keyChecksum } from '../../core/api-key-format.js';

/** The key format itself (prefix, lengths, checksum) lives in core: the secrets scanner recognises these keys too. */
export {
  isWellFormedApiKey,
  KEY_CHECKSUM_LENGTH,
  KEY_DISPLAY_LENGTH,
  KEY_LENGTH,
  KEY_PREFIX,
  KEY_RANDOM_LENGTH,
  keyChecksum,
} from '../../core/api-key-format.js';

export function generateApiKey(): string {
  const body = KEY_PREFIX + randomBase62(KEY_RANDOM_LENGTH);
  return body + keyChecksum(body);
}

export function displayPrefix(key: string): string {
  return key.slice(0, KEY_DISPLAY_LENGTH);
}

/** Keyed hash of a key: what storage holds instead of the key. */
export function hashApiKey(key: string, pepper: string): string {
  return createHmac('sha256', pepper).update(key, 'utf8').digest('hex');
}
