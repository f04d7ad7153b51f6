/**
 * Last line of defence before anything leaves the engine: every secret found
 * in a file is replaced in every text field of that file's findings, whatever
 * the scanner already did.
 */
import { REDACTED, redactText, type RawFinding } from '../../core/findings.js';

export { REDACTED };
/** Secrets shorter than this are too generic to search and replace safely. */
const MIN_SECRET_LENGTH = 6;

/** Every secret found, per path; `get` gives them longest first so a secret containing another is replaced whole. */
export class SecretIndex {
  private readonly byPath = new Map<string, Set<string>>();

  add(f: Pick<RawFinding, 'path' | 'secret'>): void {
    if (f.secret === undefined || f.secret.length < MIN_SECRET_LENGTH) return;
    let set = this.byPath.get(f.path);
    if (!set) this.byPath.set(f.path, (set = new Set()));
    set.add(f.secret);
  }

  get(path: string): string[] {
    return [...(this.byPath.get(path) ?? [])].sort((a, b) => b.length - a.length);
  }
}

/** A copy of the finding's text fields with known secrets replaced; the raw secret itself is dropped. */
export function redact(f: RawFinding, secrets: readonly string[]): Omit<RawFinding, 'secret'> {
  const { secret, ...rest } = f;
  const all = secret !== undefined && !secrets.includes(secret) ? [...secrets, secret] : secrets;
  if (all.length === 0) return rest;
  return {
    ...rest,
    title: redactText(f.title, all),
    description: redactText(f.description, all),
    evidence: redactText(f.evidence, all),
    remediation: redactText(f.remediation, all),
  };
}

/** A secret whose own finding an inline `vigil-ignore` dropped: still redacted from every other finding of its file. */
export interface HiddenSecret {
  readonly path: string;
  readonly secret: string;
}

/** The secrets of suppressed findings, worth keeping (long enough to redact safely). */
export function hiddenSecrets(suppressed: readonly RawFinding[]): HiddenSecret[] {
  return suppressed.flatMap((f) => (f.secret === undefined || f.secret.length < MIN_SECRET_LENGTH ? [] : [{ path: f.path, secret: f.secret }]));
}

/** Findings of one file redacted with secrets of the same file whose findings were dropped; each finding keeps its own secret. */
export function redactWith<F extends RawFinding>(findings: readonly F[], secrets: readonly string[]): F[] {
  if (secrets.length === 0) return [...findings];
  const longestFirst = [...new Set(secrets)].sort((a, b) => b.length - a.length);
  return findings.map((f) => {
    const clean = redact(f, longestFirst);
    return (f.secret === undefined ? clean : { ...clean, secret: f.secret }) as F;
  });
}
