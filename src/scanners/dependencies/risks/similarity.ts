/**
 * Name similarity for the typosquat check: a bounded Damerau–Levenshtein
 * (optimal string alignment) distance, a confusable-character skeleton, and an
 * index (hashed one-deletion neighbourhoods, plus a bigram count filter for two
 * edits) so each lookup costs a few hash probes instead of a pass over every
 * popular name.
 */

let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Optimal-string-alignment distance, or max + 1 as soon as it must exceed `max`. */
export function damerauLevenshtein(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  if (rows[0]!.length <= n) rows = [new Int32Array(n + 1), new Int32Array(n + 1), new Int32Array(n + 1)];
  let [prevPrev, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, prevPrev[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, cur] = [prev, cur, prevPrev];
  }
  return prev[n]! <= max ? prev[n]! : max + 1;
}

/**
 * The skeleton two names share when they differ only by look-alike characters or
 * separators: lower-cased, `@` and `/` of a scope, `-`, `_` and `.` removed, `rn` → `m`,
 * `vv` → `w`, `0` → `o`, `1`/`i`/`|` → `l`, `5` → `s`.
 */
export function skeleton(name: string): string {
  return name
    .toLowerCase()
    .replace(/[@/_.\s-]+/g, '')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/0/g, 'o')
    .replace(/[1i|]/g, 'l')
    .replace(/5/g, 's');
}

export interface SimilarMatch {
  readonly target: string;
  readonly kind: 'edit' | 'confusable';
  readonly distance: number;
}

export interface SimilarityOptions {
  /** Names shorter than this are not compared by edit distance (too many legitimate neighbours). */
  readonly minLength: number;
  /** When either name is this long or longer, distance 2 is allowed; otherwise 1. */
  readonly longFrom: number;
}

const HASH_BASE = 0x01000193;
const SMI_MASK = 0x3fffffff;

let prefix = new Uint32Array(64);
let power = new Uint32Array(64);
let suffix = new Uint32Array(64);
let hashes = new Int32Array(64);

/**
 * Fills `hashes` with the hashes of the name and of every string made by deleting one character
 * from it, without building those strings: H(s minus i) = H(s[0, i)) * B^(n-1-i) + H'(s(i, n)),
 * all mod 2^32. Equal strings give equal hashes; a collision only costs one extra distance check.
 * Returns how many (the name's length + 1); the buffers are reused by the next call.
 */
function fillDeletionHashes(name: string): number {
  const n = name.length;
  if (prefix.length <= n) {
    prefix = new Uint32Array(2 * n + 2);
    power = new Uint32Array(2 * n + 2);
    suffix = new Uint32Array(2 * n + 2);
    hashes = new Int32Array(2 * n + 2);
  }
  prefix[0] = 0;
  for (let i = 0; i < n; i++) prefix[i + 1] = (Math.imul(prefix[i]!, HASH_BASE) + name.charCodeAt(i)) >>> 0;
  power[0] = 1;
  for (let i = 1; i <= n; i++) power[i] = Math.imul(power[i - 1]!, HASH_BASE) >>> 0;
  // suffix[j] = Σ_{k≥j} s[k]·B^(n-1-k)
  suffix[n] = 0;
  for (let j = n - 1; j >= 0; j--) suffix[j] = (suffix[j + 1]! + Math.imul(name.charCodeAt(j), power[n - 1 - j]!)) >>> 0;
  hashes[0] = prefix[n]! & SMI_MASK;
  for (let i = 0; i < n; i++) hashes[i + 1] = ((Math.imul(prefix[i]!, power[n - 1 - i]!) + suffix[i + 1]!) >>> 0) & SMI_MASK;
  return n + 1;
}

/** The hashes of the name and of its one-character deletions (see fillDeletionHashes). */
export function deletionHashes(name: string): number[] {
  return Array.from(hashes.subarray(0, fillDeletionHashes(name)));
}

/** Distinct character pairs of a name, as small integers, in the order they first appear. */
function bigramCodes(name: string): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < name.length; i++) {
    const code = ((name.charCodeAt(i) & 0x3ff) << 10) | (name.charCodeAt(i + 1) & 0x3ff);
    // Names are short: a linear look is cheaper than a set.
    if (!out.includes(code)) out.push(code);
  }
  return out;
}

/** Posting key of a bigram among targets of one length (lengths past 63 share a key; that only loosens the filter). */
function postingKey(bigram: number, length: number): number {
  return bigram * 64 + Math.min(length, 63);
}

/** An edit removes or adds at most 2 distinct bigrams, an adjacent transposition at most 3. */
const BIGRAMS_PER_EDIT = 3;

/**
 * A multimap from non-negative integer keys (below 2^30) to ids, as a hash table with chaining in
 * typed arrays: built in one pass, where a Map of arrays cost a fresh process about as much as a
 * small repository's whole dependency check (docs/benchmarks.md, 2026-11-26).
 */
class Postings {
  private keys: number[] = [];
  private ids: number[] = [];
  private head = new Int32Array(0);
  private next = new Int32Array(0);
  private shift = 32;

  add(key: number, id: number): void {
    this.keys.push(key);
    this.ids.push(id);
  }

  /** Builds the table once every entry has been added. */
  seal(): void {
    const count = this.keys.length;
    let bits = 1;
    while (1 << bits < 2 * count) bits++;
    this.shift = 32 - bits;
    this.head = new Int32Array(1 << bits).fill(-1);
    this.next = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      const bucket = this.bucket(this.keys[i]!);
      this.next[i] = this.head[bucket]!;
      this.head[bucket] = i;
    }
  }

  private bucket(key: number): number {
    return Math.imul(key, 0x9e3779b1) >>> this.shift;
  }

  /** Calls `each` with every id added under `key` (in no particular order). */
  forEach(key: number, each: (id: number) => void): void {
    if (this.head.length === 0) return;
    for (let i = this.head[this.bucket(key)]!; i !== -1; i = this.next[i]!) if (this.keys[i] === key) each(this.ids[i]!);
  }
}

/**
 * Answers `find` over target names: the most popular target (the earliest in the list) that a
 * name is confusable with or within the allowed edit distance of. Distance 1 uses a one-deletion
 * neighbourhood (hashed); distance 2 between long names a shared-bigram count filter over targets
 * of nearby length; every candidate is verified with the real distance.
 *
 * Building the index over 5,000 popular names costs a fresh process tens of milliseconds, while a
 * scan usually asks about a handful of names (NodeGoat: 5 of its 1,515 packages are neither popular
 * nor established). So the first `LINEAR_FINDS` questions are answered by one pass over the
 * targets (`scanFind`), which gives exactly the index's answers, and the index is built only when
 * more are asked.
 */
export class SimilarityIndex {
  private built: BuiltIndex | undefined;
  private asked = 0;
  /** Per target, lazily: the first character code of its skeleton (-1: empty; -2: not known cheaply), and its skeleton. */
  private heads: Int32Array | undefined;
  private readonly skeletons: (string | undefined)[] = [];

  constructor(
    private readonly targets: readonly string[],
    private readonly options: SimilarityOptions,
    /** Questions answered by a pass over the targets before the index is built (tests set 0 or Infinity). */
    private readonly linearFinds: number = LINEAR_FINDS,
  ) {}

  find(name: string): SimilarityMatchOrNone {
    if (this.built === undefined && this.asked < this.linearFinds) {
      this.asked++;
      return this.scanFind(name);
    }
    this.built ??= new BuiltIndex(this.targets, this.options);
    return this.built.find(name);
  }

  /**
   * The index's answer without the index. Its candidates, kept only when within the allowed
   * distance (so at most 2 characters longer or shorter than the name), are: for one edit, the
   * targets sharing a deletion hash with the name; for two, those touched by the bigram postings
   * of nearby lengths that pass the count and character-count filters. The pass applies the same
   * tests to each target of nearby length, in list order, so the first hit is the index's minimum.
   */
  private scanFind(name: string): SimilarityMatchOrNone {
    const { targets, options } = this;
    if (targets.includes(name)) return undefined;
    const sk = skeleton(name);
    if (sk.length >= 3) {
      const head = sk.charCodeAt(0);
      const heads = this.skeletonHeads();
      for (let i = 0; i < targets.length; i++) {
        const h = heads[i]!;
        if (h !== head && h !== HEAD_UNKNOWN) continue;
        const target = targets[i]!;
        if ((this.skeletons[i] ??= skeleton(target)) === sk) return { target, kind: 'confusable', distance: damerauLevenshtein(name, target, 99) };
      }
    }
    if (name.length < options.minLength) return undefined;
    const length = name.length;
    const own = Array.from(hashes.subarray(0, fillDeletionHashes(name)));
    const twoEdits = length >= options.longFrom - 2;
    let fallback: SimilarMatch | undefined;
    for (let i = 0; i < targets.length; i++) {
      const target = targets[i]!;
      const tl = target.length;
      if (tl < options.minLength || tl > length + 2 || tl < length - 2) continue;
      const max = Math.max(length, tl) >= options.longFrom ? 2 : 1;
      if (ruledOut(name, target, max)) continue;
      const distance = damerauLevenshtein(name, target, max);
      if (distance > max) continue;
      if (sharesHash(own, target)) return { target, kind: 'edit', distance };
      if (fallback === undefined && twoEdits && tl >= options.longFrom - 2 && passesTwoEditFilters(name, target, options.longFrom)) fallback = { target, kind: 'edit', distance };
    }
    return fallback;
  }

  private skeletonHeads(): Int32Array {
    if (this.heads === undefined) {
      this.heads = new Int32Array(this.targets.length);
      for (let i = 0; i < this.targets.length; i++) this.heads[i] = skeletonHead(this.targets[i]!);
    }
    return this.heads;
  }
}

type SimilarityMatchOrNone = SimilarMatch | undefined;

/** Questions a SimilarityIndex answers by a pass over its targets before it builds the index. */
export const LINEAR_FINDS = 24;

const HEAD_UNKNOWN = -2;

/** Separators the skeleton drops: `[@/_.\s-]` for printable ASCII and the ASCII white space. */
function isSeparator(code: number): boolean {
  return code === 64 || code === 47 || code === 95 || code === 46 || code === 45 || code === 32 || (code >= 9 && code <= 13);
}

/** ASCII lower case of a code below 128. */
const lower = (code: number): number => (code >= 65 && code <= 90 ? code + 32 : code);

/**
 * The first character code of `skeleton(name)` (-1 when it is empty), worked out from the name's
 * first characters when they are ASCII; HEAD_UNKNOWN otherwise (the caller then compares whole
 * skeletons). Mirrors skeleton(): separators dropped, `rn` → `m`, `vv` → `w`, `0` → `o`,
 * `1`/`i`/`|` → `l`, `5` → `s`.
 */
function skeletonHead(name: string): number {
  let i = 0;
  let first = -1;
  let second = -1;
  while (i < name.length && second < 0) {
    const code = name.charCodeAt(i++);
    if (code >= 128) return HEAD_UNKNOWN;
    if (isSeparator(code)) continue;
    if (first < 0) first = lower(code);
    else second = lower(code);
    // Only `r` and `v` look at the character after them.
    if (first !== 114 /* r */ && first !== 118 /* v */) break;
  }
  if (first === 114 && second === 110 /* n */) return 109; /* rn → m */
  if (first === 118 && second === 118) return 119; /* vv → w */
  if (first === 48) return 111; /* 0 → o */
  if (first === 49 || first === 105 || first === 124) return 108; /* 1, i, | → l */
  if (first === 53) return 115; /* 5 → s */
  return first;
}

/**
 * A cheap test that `damerauLevenshtein(name, target, max)` exceeds `max` (1 or 2); false when it
 * cannot tell. The common prefix and suffix cost nothing, so the distance is that of the two middles,
 * which differ in their first and in their last character: one edit must cover the whole of both
 * (a substitution or a transposition), and two edits of middles of 6 or more characters are one at
 * each end, after which the second characters (and the last but one) still match as that edit left
 * them: a substitution keeps them in place, a deletion or an insertion shifts them by one, a
 * transposition swaps them.
 */
export function ruledOut(name: string, target: string, max: number): boolean {
  const n = name.length;
  const m = target.length;
  const shorter = Math.min(n, m);
  let i = 0;
  while (i < shorter && name.charCodeAt(i) === target.charCodeAt(i)) i++;
  let j = 0;
  while (j < shorter - i && name.charCodeAt(n - 1 - j) === target.charCodeAt(m - 1 - j)) j++;
  const a = n - i - j;
  const b = m - i - j;
  if (Math.abs(a - b) > max) return true;
  if (a === 0 || b === 0) return false;
  if (max < 2) return !((a === 1 && b === 1) || (a === 2 && b === 2 && name.charCodeAt(i) === target.charCodeAt(i + 1) && name.charCodeAt(i + 1) === target.charCodeAt(i)));
  if (a < 6 || b < 6) return false;
  const start = name.charCodeAt(i + 1) === target.charCodeAt(i + 1) || name.charCodeAt(i + 1) === target.charCodeAt(i) || name.charCodeAt(i) === target.charCodeAt(i + 1);
  const e = n - 1 - j;
  const f = m - 1 - j;
  const end = name.charCodeAt(e - 1) === target.charCodeAt(f - 1) || name.charCodeAt(e - 1) === target.charCodeAt(f) || name.charCodeAt(e) === target.charCodeAt(f - 1);
  return !(start && end);
}

/** Whether the target's deletion hashes (fillDeletionHashes) include one of `own`. */
function sharesHash(own: readonly number[], target: string): boolean {
  const count = fillDeletionHashes(target);
  for (let i = 0; i < count; i++) if (own.includes(hashes[i]!)) return true;
  return false;
}

/**
 * BuiltIndex.twoEdits's tests for one target of a long enough name: the target is touched by the
 * postings of the name's lengths (a target's key is its length capped at 63, and each of the name's
 * lengths with that key counts its shared bigrams once more), shares enough bigrams, and has close
 * character counts.
 */
function passesTwoEditFilters(name: string, target: string, longFrom: number): boolean {
  const key = Math.min(target.length, 63);
  let times = 0;
  for (let len = name.length - 2; len <= name.length + 2; len++) if (Math.max(len, name.length) >= longFrom && Math.min(len, 63) === key) times++;
  if (times === 0) return false;
  const grams = bigramCodes(name);
  const targetGrams = bigramCodes(target);
  let shared = 0;
  for (const g of grams) if (targetGrams.includes(g)) shared++;
  shared *= times;
  if (shared === 0 || shared < Math.max(grams.length, targetGrams.length) - 2 * BIGRAMS_PER_EDIT) return false;
  return histogramDistance(name, target) <= 4;
}

/**
 * The built index over target names (SimilarityIndex builds it once enough names were asked about). `find` returns the most popular target (the earliest
 * in the list) that a name is confusable with or within the allowed edit distance of.
 * Distance 1 uses a one-deletion neighbourhood (hashed, a few probes); distance 2
 * between long names uses a shared-bigram count filter over targets of nearby length.
 * Every candidate either finds is verified with the real distance.
 */
class BuiltIndex {
  private readonly rank = new Map<string, number>();
  private readonly byDeletion = new Postings();
  private readonly bySkeleton = new Map<string, string>();
  private readonly targets: string[] = [];
  /** Targets long enough for distance 2: their ids, distinct bigram counts and postings by (bigram, length). */
  private readonly longIds: number[] = [];
  private readonly longGramCount: number[] = [];
  private readonly postings = new Postings();
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
      const count = fillDeletionHashes(target);
      for (let i = 0; i < count; i++) this.byDeletion.add(hashes[i]!, id);
      if (target.length >= options.longFrom - 2) {
        const longId = this.longIds.length;
        this.longIds.push(id);
        const grams = bigramCodes(target);
        this.longGramCount.push(grams.length);
        for (const g of grams) this.postings.add(postingKey(g, target.length), longId);
      }
    }
    this.byDeletion.seal();
    this.postings.seal();
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
    const count = fillDeletionHashes(name);
    for (let i = 0; i < count; i++) this.byDeletion.forEach(hashes[i]!, consider);
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
        this.postings.forEach(postingKey(g, len), (longId) => {
          const count = this.counts[longId] ?? 0;
          if (count === 0) touched.push(longId);
          this.counts[longId] = count + 1;
        });
      }
    }
    for (const longId of touched) {
      const shared = this.counts[longId] ?? 0;
      this.counts[longId] = 0;
      if (shared < Math.max(grams.length, this.longGramCount[longId] ?? 0) - slack) continue;
      const id = this.longIds[longId] ?? 0;
      if (histogramDistance(name, this.targets[id] ?? '') <= 4) consider(id);
    }
  }
}

const histogram = new Int32Array(1024);

/** Σ|count differences| of the two names' characters; two OSA edits change it by at most 4. */
export function histogramDistance(a: string, b: string): number {
  for (let i = 0; i < a.length; i++) histogram[a.charCodeAt(i) & 0x3ff]!++;
  for (let i = 0; i < b.length; i++) histogram[b.charCodeAt(i) & 0x3ff]!--;
  let total = 0;
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i) & 0x3ff;
    total += Math.abs(histogram[c]!);
    histogram[c] = 0;
  }
  for (let i = 0; i < b.length; i++) {
    const c = b.charCodeAt(i) & 0x3ff;
    total += Math.abs(histogram[c]!);
    histogram[c] = 0;
  }
  return total;
}
