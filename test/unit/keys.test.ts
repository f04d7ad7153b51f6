import { describe, expect, it } from 'vitest';
import {
  displayPrefix,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  KEY_CHECKSUM_LENGTH,
  KEY_PREFIX,
  keyChecksum,
} from '../../src/services/accounts/keys.js';

describe('API key format', () => {
  it('is vgl_live_ + 32 base62 characters + a 6-character base62 CRC32 checksum', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^vgl_live_[0-9A-Za-z]{32}[0-9A-Za-z]{6}$/);
    expect(key.slice(-KEY_CHECKSUM_LENGTH)).toBe(keyChecksum(key.slice(0, -KEY_CHECKSUM_LENGTH)));
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it('generates distinct keys', () => {
    const keys = new Set(Array.from({ length: 500 }, () => generateApiKey()));
    expect(keys.size).toBe(500);
  });

  it('rejects a key with any single character changed (checksum catches typos)', () => {
    const key = generateApiKey();
    let accepted = 0;
    for (let i = KEY_PREFIX.length; i < key.length; i++) {
      const replacement = key[i] === 'a' ? 'b' : 'a';
      const typo = key.slice(0, i) + replacement + key.slice(i + 1);
      if (isWellFormedApiKey(typo)) accepted++;
    }
    expect(accepted).toBe(0);
  });

  it('rejects wrong prefixes, lengths and alphabets', () => {
    const key = generateApiKey();
    expect(isWellFormedApiKey(key.replace('vgl_live_', 'vgl_test_'))).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`${key}A`)).toBe(false);
    expect(isWellFormedApiKey(key.replace(/.$/, '-'))).toBe(false);
    expect(isWellFormedApiKey('')).toBe(false);
  });

  it('hashes with the pepper: same key and pepper give the same hash, another pepper another hash', () => {
    const key = generateApiKey();
    expect(hashApiKey(key, 'p'.repeat(32))).toBe(hashApiKey(key, 'p'.repeat(32)));
    expect(hashApiKey(key, 'p'.repeat(32))).not.toBe(hashApiKey(key, 'q'.repeat(32)));
    expect(hashApiKey(key, 'p'.repeat(32))).not.toContain(key.slice(KEY_PREFIX.length, KEY_PREFIX.length + 8));
  });

  it('keeps only the first characters for display', () => {
    const key = generateApiKey();
    expect(displayPrefix(key)).toBe(key.slice(0, KEY_PREFIX.length + 4));
  });
});
