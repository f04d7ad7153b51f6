/**
 * How the keyword automaton's tables were built before rows became copies of their failure
 * state's row (2026-11-26): a lookup per (state, character). Kept as the reference the current
 * construction must equal entry for entry (keywords.test.ts).
 */
const ALPHABET = 128;

const LOWER = Uint8Array.from({ length: ALPHABET }, (_, c) => (c >= 65 && c <= 90 ? c | 32 : c));

export class ReferenceKeywordTables {
  /**
   * Transition table indexed by `state << 7 | ASCII code`, upper case folded in. An entry
   * is `~target` (negative) when the target state has outputs, so one load both moves
   * and tells whether anything ends here.
   */
  readonly next: Int32Array;
  /** For each state, the keywords ending there (own and via failure links). */
  readonly outputs: (readonly number[] | undefined)[];
  readonly lengths: readonly number[];
  readonly longest: number;

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
    const states = goto.length;
    const table = new Int32Array(states * ALPHABET);
    const fail = new Int32Array(states);
    // Breadth-first: build the full transition table with failure links folded in.
    const queue: number[] = [];
    for (let c = 0; c < ALPHABET; c++) {
      const to = goto[0]?.get(c);
      if (to !== undefined) {
        table[c] = to;
        queue.push(to);
      }
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head] as number;
      const own = out[state] as number[];
      for (const k of out[fail[state] as number] ?? []) own.push(k);
      for (let c = 0; c < ALPHABET; c++) {
        const to = goto[state]?.get(c);
        const viaFail = table[(fail[state] as number) * ALPHABET + c] as number;
        if (to === undefined) {
          table[state * ALPHABET + c] = viaFail;
        } else {
          fail[to] = viaFail;
          table[state * ALPHABET + c] = to;
          queue.push(to);
        }
      }
    }
    // Fold in lower-casing and the "has outputs" mark.
    this.next = new Int32Array(states * ALPHABET);
    for (let state = 0; state < states; state++) {
      for (let c = 0; c < ALPHABET; c++) {
        const to = table[state * ALPHABET + (LOWER[c] as number)] as number;
        this.next[state * ALPHABET + c] = (out[to] as number[]).length > 0 ? ~to : to;
      }
    }
    this.outputs = out.map((o) => (o.length > 0 ? o : undefined));
  }
}
