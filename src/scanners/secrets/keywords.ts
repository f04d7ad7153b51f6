/**
 * One pass over a file finds every rule keyword (case-insensitive, ASCII):
 * an Aho–Corasick automaton over lower-cased character codes. Its cost is
 * linear in the text and independent of the number of rules.
 */
const ALPHABET = 128; // states × 128 transitions; `state << 7` indexes a row

/** ASCII lower-casing table. */
const LOWER = Uint8Array.from({ length: ALPHABET }, (_, c) => (c >= 65 && c <= 90 ? c | 32 : c));

export interface KeywordHit {
  /** Index into the keyword list given to the constructor. */
  readonly keyword: number;
  /** Offset of the keyword's first character in the text. */
  readonly offset: number;
}

export class KeywordMatcher {
  private readonly next: Int32Array;
  /** 1 where a state has outputs: a typed-array test is cheaper than reading `outputs` on every character. */
  private readonly accepting: Uint8Array;
  /** For each state, the keywords ending there (own and via failure links). */
  private readonly outputs: (readonly number[] | undefined)[];
  private readonly lengths: readonly number[];

  constructor(keywords: readonly string[]) {
    this.lengths = keywords.map((k) => k.length);
    const goto: Map<number, number>[] = [new Map<number, number>()];
    const out: number[][] = [[]];
    keywords.forEach((keyword, index) => {
      let state = 0;
      for (const ch of keyword.toLowerCase()) {
        const code = ch.charCodeAt(0);
        if (code >= ALPHABET) throw new Error(`Keyword ${JSON.stringify(keyword)} is not ASCII`);
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
    const next = new Int32Array(states * ALPHABET);
    const fail = new Int32Array(states);
    // Breadth-first: build the full transition table with failure links folded in.
    const queue: number[] = [];
    for (let c = 0; c < ALPHABET; c++) {
      const to = goto[0]?.get(c);
      if (to !== undefined) {
        next[c] = to;
        queue.push(to);
      }
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head] as number;
      const own = out[state] as number[];
      for (const k of out[fail[state] as number] ?? []) own.push(k);
      for (let c = 0; c < ALPHABET; c++) {
        const to = goto[state]?.get(c);
        const viaFail = next[(fail[state] as number) * ALPHABET + c] as number;
        if (to === undefined) {
          next[state * ALPHABET + c] = viaFail;
        } else {
          fail[to] = viaFail;
          next[state * ALPHABET + c] = to;
          queue.push(to);
        }
      }
    }
    this.next = next;
    this.outputs = out.map((o) => (o.length > 0 ? o : undefined));
    this.accepting = Uint8Array.from(out, (o) => (o.length > 0 ? 1 : 0));
  }

  /** Calls `onHit` for every keyword occurrence, in text order. */
  scan(text: string, onHit: (hit: KeywordHit) => void): void {
    const next = this.next;
    const accepting = this.accepting;
    const length = text.length;
    let state = 0;
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      state = next[(state << 7) | (code < ALPHABET ? (LOWER[code] as number) : 0)] as number;
      if (accepting[state] === 0) continue;
      for (const keyword of this.outputs[state] ?? []) onHit({ keyword, offset: i + 1 - (this.lengths[keyword] as number) });
    }
  }
}
