/**
 * One pass over a file finds every rule keyword (case-insensitive, ASCII):
 * an Aho–Corasick automaton over lower-cased character codes. Its cost is
 * linear in the text and independent of the number of rules.
 */
const ALPHABET = 128; // states × 128 transitions; `state << 7` indexes a row

/** ASCII lower-casing table. */
const LOWER = Uint8Array.from({ length: ALPHABET }, (_, c) => (c >= 65 && c <= 90 ? c | 32 : c));

/**
 * Called for each keyword occurrence with the keyword's index in the list given to
 * the constructor and the offset of its first character (two numbers, not an object:
 * a large file has hundreds of thousands of hits).
 */
export type KeywordHit = (keyword: number, offset: number) => void;

/** Texts shorter than this are walked by one automaton; longer ones by two (see `scan`). */
const SPLIT_CHARS = 1024;

export class KeywordMatcher {
  /**
   * Transition table indexed by `state << 7 | ASCII code`, upper case folded in. An entry
   * is `~target` (negative) when the target state has outputs, so one load both moves
   * and tells whether anything ends here.
   */
  private readonly next: Int32Array;
  /** For each state, the keywords ending there (own and via failure links). */
  private readonly outputs: (readonly number[] | undefined)[];
  private readonly lengths: readonly number[];
  private readonly longest: number;

  constructor(keywords: readonly string[]) {
    this.lengths = keywords.map((k) => k.length);
    this.longest = Math.max(1, ...this.lengths);
    const goto: Map<number, number>[] = [new Map<number, number>()];
    const out: number[][] = [[]];
    keywords.forEach((keyword, index) => {
      let state = 0;
      for (const ch of keyword.toLowerCase()) {
        const code = ch.charCodeAt(0);
        if (code >= ALPHABET || code === 0) throw new Error(`Keyword ${JSON.stringify(keyword)} is not printable ASCII`);
        let to = goto[state]?.get(code);
        if (to === undefined) {
          to = goto.length;
          goto.push(new Map<number, number>());
          out.push([]);
          goto[state]?.set(code, to);
        }
        state = to;
      }
      out[state]?.push(index);
    });
    // Breadth-first, one row per state: a row starts as a copy of its failure state's row (a native
    // copy), then its own transitions overwrite it. Entries are `~target` when the target has
    // outputs: its own, or its failure state's, which is shallower and so already known.
    // Transitions on the automaton's own edges only, never a lookup per (state, character): built
    // in a fresh thread, the table cost each scan thread about 20 ms that way.
    const states = goto.length;
    const next = new Int32Array(states * ALPHABET);
    const fail = new Int32Array(states);
    const hasOutputs = new Uint8Array(states);
    const mark = (to: number): number => (hasOutputs[to] === 1 ? ~to : to);
    const unmark = (entry: number): number => (entry < 0 ? ~entry : entry);
    hasOutputs[0] = (out[0] as number[]).length > 0 ? 1 : 0;
    next.fill(mark(0), 0, ALPHABET);
    const queue: number[] = [];
    for (const [c, to] of goto[0] as Map<number, number>) {
      hasOutputs[to] = (out[to] as number[]).length > 0 || hasOutputs[0] === 1 ? 1 : 0;
      next[c] = mark(to);
      queue.push(to);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head] as number;
      const failState = fail[state] as number;
      const own = out[state] as number[];
      for (const k of out[failState] ?? []) own.push(k);
      const row = state * ALPHABET;
      const failRow = failState * ALPHABET;
      next.copyWithin(row, failRow, failRow + ALPHABET);
      for (const [c, to] of goto[state] as Map<number, number>) {
        const toFail = unmark(next[failRow + c] as number);
        fail[to] = toFail;
        hasOutputs[to] = (out[to] as number[]).length > 0 || hasOutputs[toFail] === 1 ? 1 : 0;
        next[row + c] = mark(to);
        queue.push(to);
      }
    }
    // Fold in lower-casing: keywords are lower case, so an upper-case letter moves as its lower case does.
    for (let row = 0; row < next.length; row += ALPHABET) {
      for (let c = 65; c <= 90; c++) next[row + c] = next[row + (LOWER[c] as number)] as number;
    }
    this.next = next;
    this.outputs = out.map((o) => (o.length > 0 ? o : undefined));
  }

  /**
   * Calls `onHit` for every keyword occurrence, in text order (by where it ends).
   * A long text is walked by two automata at once, one from the start and one from
   * the middle (backed up by the longest keyword's length, so no occurrence that ends
   * in the second half is cut): two independent chains of table loads keep the CPU
   * busier than one. The second half's hits are held and reported after the first's.
   */
  scan(text: string, onHit: KeywordHit): void {
    const length = text.length;
    const mid = length >> 1;
    const second = mid - (this.longest - 1);
    if (length < SPLIT_CHARS || second <= 0) {
      this.walk(text, 0, length, onHit);
      return;
    }
    const next = this.next;
    const held: number[] = [];
    let a = 0;
    let b = 0;
    let i = 0;
    // The first walk covers [0, mid), the second [second, length): length - second >= mid.
    for (; i < mid; i++) {
      const c1 = text.charCodeAt(i);
      const c2 = text.charCodeAt(second + i);
      a = next[(a << 7) | (c1 < ALPHABET ? c1 : 0)] as number;
      b = next[(b << 7) | (c2 < ALPHABET ? c2 : 0)] as number;
      if ((a | b) >= 0) continue;
      if (a < 0) {
        a = ~a;
        this.emit(a, i, onHit);
      }
      if (b < 0) {
        b = ~b;
        const end = second + i;
        if (end >= mid) for (const keyword of this.outputs[b] ?? []) held.push(keyword, end + 1 - (this.lengths[keyword] as number));
      }
    }
    for (let x = 0; x < held.length; x += 2) onHit(held[x] as number, held[x + 1] as number);
    // The second walk's remainder, from where the lock-step loop stopped.
    this.walk(text, second + i, length, onHit, b);
  }

  /** One automaton over [from, to), starting in `state`. */
  private walk(text: string, from: number, to: number, onHit: KeywordHit, state = 0): void {
    const next = this.next;
    for (let i = from; i < to; i++) {
      const code = text.charCodeAt(i);
      state = next[(state << 7) | (code < ALPHABET ? code : 0)] as number;
      if (state >= 0) continue;
      state = ~state;
      this.emit(state, i, onHit);
    }
  }

  private emit(state: number, end: number, onHit: KeywordHit): void {
    for (const keyword of this.outputs[state] ?? []) onHit(keyword, end + 1 - (this.lengths[keyword] as number));
  }
}
