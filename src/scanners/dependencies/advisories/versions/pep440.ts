/**
 * PEP 440 version ordering for PyPI (https://peps.python.org/pep-0440/), as
 * implemented by `packaging.version.Version`, which osv.dev uses.
 *
 * Accepts every spelling PEP 440 normalises: case (`1.0RC1` = `1.0rc1`),
 * a leading `v`, `alpha`/`beta`/`c`/`pre`/`preview` spellings, `-`, `_` and `.`
 * separators, implicit numbers (`1.0.post` = `1.0.post0`), `1.0-1` as a post
 * release, surrounding whitespace. Release segments compare with trailing
 * zeros ignored (`1.0.0` = `1`). Anything else (e.g. legacy `2.0b1-dev-r123`) does not parse.
 */
import { compareDigits, compareIdentifiers, compareStrings, isDigits, stripZeros } from './digits.js';
import type { VersionOrdering } from './types.js';

export interface Pep440Version {
  readonly epoch: string;
  /** Release numbers with trailing zeros removed. */
  readonly release: readonly string[];
  /** Pre-release: rank 0 = a, 1 = b, 2 = rc. */
  readonly pre?: { readonly rank: number; readonly n: string };
  readonly post?: string;
  readonly dev?: string;
  /** Local segments, lowercase; numeric ones without leading zeros. */
  readonly local?: readonly string[];
}

const PEP440_RE =
  /^\s*v?(?:(\d+)!)?(\d+(?:\.\d+)*)(?:[-_.]?(alpha|a|beta|b|preview|pre|c|rc)[-_.]?(\d+)?)?(?:-(\d+)|[-_.]?(post|rev|r)[-_.]?(\d+)?)?(?:[-_.]?(dev)[-_.]?(\d+)?)?(?:\+([a-z0-9]+(?:[-_.][a-z0-9]+)*))?\s*$/i;

const PRE_RANK: Readonly<Record<string, number>> = { a: 0, alpha: 0, b: 1, beta: 1, c: 2, rc: 2, pre: 2, preview: 2 };

export function parsePep440(version: string): Pep440Version | undefined {
  if (typeof version !== 'string') return undefined;
  const m = PEP440_RE.exec(version);
  if (!m) return undefined;
  const [, epoch, releaseText, preL, preN, postN1, postL, postN2, devL, devN, local] = m;
  const release = (releaseText ?? '0').split('.').map(stripZeros);
  while (release.length > 1 && release[release.length - 1] === '0') release.pop();
  const result: {
    epoch: string;
    release: string[];
    pre?: { rank: number; n: string };
    post?: string;
    dev?: string;
    local?: string[];
  } = { epoch: stripZeros(epoch ?? '0'), release };
  if (preL !== undefined) result.pre = { rank: PRE_RANK[preL.toLowerCase()] ?? 2, n: stripZeros(preN ?? '0') };
  if (postN1 !== undefined) result.post = stripZeros(postN1);
  else if (postL !== undefined) result.post = stripZeros(postN2 ?? '0');
  if (devL !== undefined) result.dev = stripZeros(devN ?? '0');
  if (local !== undefined) result.local = local.toLowerCase().split(/[-_.]/).map((s) => (isDigits(s) ? stripZeros(s) : s));
  return result;
}

function compareRelease(a: readonly string[], b: readonly string[]): number {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareDigits(a[i] ?? '0', b[i] ?? '0');
    if (c !== 0) return c;
  }
  return 0;
}

/** packaging's _cmpkey: a dev release of a final version sorts before its pre-releases. */
function preKey(v: Pep440Version): number {
  if (v.pre) return 0;
  if (v.post === undefined && v.dev !== undefined) return -1;
  return 1;
}

function compareLocal(a: readonly string[] | undefined, b: readonly string[] | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? -1 : 1;
  // Numeric local segments sort after alphanumeric ones.
  return compareIdentifiers(a, b, compareStrings, true);
}

export function compareParsedPep440(a: Pep440Version, b: Pep440Version): number {
  let c = compareDigits(a.epoch, b.epoch) || compareRelease(a.release, b.release);
  if (c !== 0) return c;
  const pa = preKey(a);
  const pb = preKey(b);
  if (pa !== pb) return pa < pb ? -1 : 1;
  if (a.pre && b.pre) {
    c = a.pre.rank - b.pre.rank || compareDigits(a.pre.n, b.pre.n);
    if (c !== 0) return c < 0 ? -1 : 1;
  }
  // No post release sorts before any post release.
  if (a.post !== b.post) {
    if (a.post === undefined) return -1;
    if (b.post === undefined) return 1;
    c = compareDigits(a.post, b.post);
    if (c !== 0) return c;
  }
  // No dev release sorts after any dev release.
  if (a.dev !== b.dev) {
    if (a.dev === undefined) return 1;
    if (b.dev === undefined) return -1;
    c = compareDigits(a.dev, b.dev);
    if (c !== 0) return c;
  }
  return compareLocal(a.local, b.local);
}

export const pep440Ordering: VersionOrdering<Pep440Version> = {
  name: 'PEP 440',
  parse: parsePep440,
  compare: compareParsedPep440,
};
