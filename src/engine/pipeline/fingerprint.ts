/**
 * Stable finding ids: `<PREFIX>-<6 characters>` from a hash of the target,
 * rule, path and what was found (a hash of the secret, or the scanner's own
 * identity material). Lines are left out, so an id survives code moving.
 */
import { createHash } from 'node:crypto';
import type { Category, RawFinding } from '../../core/findings.js';

export const ID_PREFIXES: Readonly<Record<Category, string>> = Object.freeze({
  secrets: 'SEC',
  supply_chain: 'DEP',
  code: 'CODE',
  cicd: 'CICD',
  headers: 'API',
  cors: 'API',
});

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** What identifies a finding beyond target, rule and path. */
function material(f: RawFinding): string {
  // A scanner's own identity comes first: a code finding that also names the key it found keeps its id.
  if (f.fingerprintMaterial !== undefined) return `material:${f.fingerprintMaterial}`;
  if (f.secret !== undefined) return `secret:${sha256(f.secret).toString('hex')}`;
  // No identity given: the evidence, whitespace-normalised, stands in for it.
  return `evidence:${f.evidence.replace(/\s+/g, ' ').trim()}`;
}

export function findingId(target: string, f: RawFinding): string {
  const digest = sha256([target, f.ruleId, f.path, material(f)].join('\u0000'));
  const suffix = (digest.readUIntBE(0, 6) % 36 ** 6).toString(36).toUpperCase().padStart(6, '0');
  return `${ID_PREFIXES[f.category]}-${suffix}`;
}
