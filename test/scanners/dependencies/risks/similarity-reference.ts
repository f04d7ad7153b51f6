/**
 * The similarity index as it was before its postings became sorted typed arrays (2026-11-26): kept as the
 * reference the current index must answer exactly like (test/scanners/dependencies/risks/large-lockfile.test.ts).
 * Only the index is kept here; the functions it calls that did not change come from the current module.
 */
import { damerauLevenshtein, histogramDistance, skeleton, type SimilarMatch, type SimilarityOptions } from '../../../../src/scanners/dependencies/risks/similarity.js';

const HASH_BASE = 0x01000193;
const SMI_MASK = 0x3fffffff;

/**
 * Hashes of the name and of every string made by deleting one character from it, without
 * building those strings: H(s minus i) = H(s[0, i)) * B^(n-1-i) + H'(s(i, n)), all mod 2^32.
 * Equal strings give equal hashes; a collision only costs one extra distance check.
 */
export function deletionHashes(name: string): number[] {
  const n = name.length;
  const prefix = new Array<number>(n + 1);
  prefix[0] = 0;
  for (let i = 0; i < n; i++) prefix[i + 1] = (Math.imul(prefix[i] ?? 0, HASH_BASE) + name.charCodeAt(i)) >>> 0;
  const power = new Array<number>(n + 1);
  power[0] = 1;
  for (let i = 1; i <= n; i++) power[i] = Math.imul(power[i - 1] ?? 1, HASH_BASE) >>> 0;
  // suffix[j] = Σ_{k≥j} s[k]·B^(n-1-k)
  const suffix = new Array<number>(n + 1);
  suffix[n] = 0;
  for (let j = n - 1; j >= 0; j--) suffix[j] = ((suffix[j + 1] ?? 0) + Math.imul(name.charCodeAt(j), power[n - 1 - j] ?? 1)) >>> 0;
  const out = [(prefix[n] ?? 0) & SMI_MASK];
  for (let i = 0; i < n; i++) {
    out.push(((Math.imul(prefix[i] ?? 0, power[n - 1 - i] ?? 1) + (suffix[i + 1] ?? 0)) >>> 0) & SMI_MASK);
  }
  return out;
}

/** Distinct character pairs of a name, as small integers. */
function bigramCodes(name: string): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i + 1 < name.length; i++) out.add(((name.charCodeAt(i) & 0x3ff) << 10) | (name.charCodeAt(i + 1) & 0x3ff));
  return out;
}

/** Posting key of a bigram among targets of one length (lengths past 63 share a key; that only loosens the filter). */
function postingKey(bigram: number, length: number): number {
  return bigram * 64 + Math.min(length, 63);
}

/** An edit removes or adds at most 2 distinct bigrams, an adjacent transposition at most 3. */
const BIGRAMS_PER_EDIT = 3;

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (list[list.length - 1] !== value) list.push(value);
}

/**
 * An index over target names. `find` returns the most popular target (the earliest
 * in the list) that a name is confusable with or within the allowed edit distance of.
 * Distance 1 uses a one-deletion neighbourhood (hashed, a few probes); distance 2
 * between long names uses a shared-bigram count filter over targets of nearby length.
 * Every candidate either finds is verified with the real distance.
 */
export class SimilarityIndex {
  private readonly rank = new Map<string, number>();
  private readonly byDeletion = new Map<number, number[]>();
  private readonly bySkeleton = new Map<string, string>();
  private readonly targets: string[] = [];
  /** Targets long enough for distance 2: their ids, distinct bigram counts and postings by (bigram, length). */
  private readonly longIds: number[] = [];
  private readonly longGramCount: number[] = [];
  private readonly postings = new Map<number, number[]>();
  private readonly counts: Uint16Array;

  constructor(
    targets: readonly string[],
    private readonly options: SimilarityOptions,
  ) {
    for (const target of targets) {
      if (this.rank.has(target)) continue;
      const id = this.targets.length;
      this.targets.push(target);
      this.rank.set(target, id);
      const sk = skeleton(target);
      if (sk.length >= 3 && !this.bySkeleton.has(sk)) this.bySkeleton.set(sk, target);
      if (target.length < options.minLength) continue;
      for (const h of deletionHashes(target)) push(this.byDeletion, h, id);
      if (target.length >= options.longFrom - 2) {
        const longId = this.longIds.length;
        this.longIds.push(id);
        const grams = bigramCodes(target);
        this.longGramCount.push(grams.size);
        for (const g of grams) push(this.postings, postingKey(g, target.length), longId);
      }
    }
    this.counts = new Uint16Array(this.longIds.length);
  }

  private allowed(a: string, b: string): number {
    return Math.max(a.length, b.length) >= this.options.longFrom ? 2 : 1;
  }

  find(name: string): SimilarMatch | undefined {
    if (this.rank.has(name)) return undefined;
    const confusable = this.bySkeleton.get(skeleton(name));
    if (confusable !== undefined) return { target: confusable, kind: 'confusable', distance: damerauLevenshtein(name, confusable, 99) };
    if (name.length < this.options.minLength) return undefined;
    let bestId = Number.POSITIVE_INFINITY;
    let bestDistance = 0;
    const consider = (id: number) => {
      if (id >= bestId) return;
      const target = this.targets[id] ?? '';
      const max = this.allowed(name, target);
      const distance = damerauLevenshtein(name, target, max);
      if (distance <= max) {
        bestId = id;
        bestDistance = distance;
      }
    };
    for (const h of deletionHashes(name)) for (const id of this.byDeletion.get(h) ?? []) consider(id);
    // A one-edit neighbour is the likelier intent; look two edits away only when there is none.
    if (bestId === Number.POSITIVE_INFINITY && name.length >= this.options.longFrom - 2) this.twoEdits(name, consider);
    const target = this.targets[bestId];
    return target === undefined ? undefined : { target, kind: 'edit', distance: bestDistance };
  }

  /**
   * Long targets sharing enough bigrams with the name to be within two edits (a q-gram
   * count filter over targets of nearby length), then checked by character counts, and
   * only then by the distance itself.
   */
  private twoEdits(name: string, consider: (id: number) => void): void {
    const grams = bigramCodes(name);
    const slack = 2 * BIGRAMS_PER_EDIT;
    const lengths: number[] = [];
    for (let len = name.length - 2; len <= name.length + 2; len++) if (Math.max(len, name.length) >= this.options.longFrom) lengths.push(len);
    const touched: number[] = [];
    for (const g of grams) {
      for (const len of lengths) {
        const list = this.postings.get(postingKey(g, len));
        if (list === undefined) continue;
        for (const longId of list) {
          const count = this.counts[longId] ?? 0;
          if (count === 0) touched.push(longId);
          this.counts[longId] = count + 1;
        }
      }
    }
    for (const longId of touched) {
      const shared = this.counts[longId] ?? 0;
      this.counts[longId] = 0;
      if (shared < Math.max(grams.size, this.longGramCount[longId] ?? 0) - slack) continue;
      const id = this.longIds[longId] ?? 0;
      if (histogramDistance(name, this.targets[id] ?? '') <= 4) consider(id);
    }
  }
}
