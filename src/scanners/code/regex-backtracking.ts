/**
 * Patterns a backtracking regex engine (JavaScript, Python `re`, Java, PCRE, Ruby's Onigmo) can take
 * exponential time on: a group repeated without bound whose body can itself match a run of
 * characters in more than one way, because it is made of an unbounded repetition and nothing it
 * must match besides (`(a+)+`, `([0-9]+)+#`, `^(\w+\s?)*$`, `(x*y*)*`). A mandatory element between
 * the repetitions (`(\s*,\s*\w+)*`) makes every split of the input unique, so such groups are
 * left alone, and so are groups after which nothing can fail (`(\w+\s?)*` alone always matches at
 * its first try). Alternations whose branches overlap (`(a|ab)*`) are not judged: telling overlap
 * apart needs the character sets, and guessing would report safe patterns.
 *
 * The parser understands the syntax common to those engines: escapes, character classes, groups
 * of every kind (capturing, `(?:`, named, look-around, atomic `(?>`), and the quantifiers
 * `* + ? {n} {n,} {n,m}`, lazy or possessive. Atomic groups and possessive quantifiers never
 * backtrack into what they matched, so they end the search.
 */

interface Quantifier {
  readonly min: number;
  readonly max: number;
  /** Possessive (`a++`): never gives back what it matched. */
  readonly possessive: boolean;
}

interface Element {
  /** Absent for a character, a class, an escape or an anchor. */
  readonly alternatives?: readonly (readonly Element[])[];
  /** `(?>…)`, or a look-around (matches no characters). */
  readonly atomic?: boolean;
  readonly quantifier: Quantifier;
}

const ONCE: Quantifier = Object.freeze({ min: 1, max: 1, possessive: false });
/** Repetition counts this high act as unbounded: `{1,1000}` backtracks like `+`. */
const LARGE = 100;

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  /** The whole pattern, or undefined when it does not parse (then nothing is claimed about it). */
  parse(): (readonly Element[])[] | undefined {
    const alternatives = this.alternatives();
    return alternatives !== undefined && this.i === this.src.length ? alternatives : undefined;
  }

  private alternatives(): Element[][] | undefined {
    const out: Element[][] = [[]];
    while (this.i < this.src.length) {
      const c = this.src[this.i];
      if (c === ')') break;
      if (c === '|') {
        this.i++;
        out.push([]);
        continue;
      }
      const element = this.element();
      if (element === undefined) return undefined;
      out[out.length - 1]?.push(element);
    }
    return out;
  }

  private element(): Element | undefined {
    const c = this.src[this.i];
    let alternatives: Element[][] | undefined;
    let atomic = false;
    if (c === '(') {
      this.i++;
      if (this.src[this.i] === '?') {
        const rest = this.src.slice(this.i, this.i + 4);
        atomic = rest.startsWith('?>') || rest.startsWith('?=') || rest.startsWith('?!') || rest.startsWith('?<=') || rest.startsWith('?<!');
        // Skip the group's opener: `?:`, `?>`, `?=`, `?!`, `?<=`, `?<!`, `?<name>`, `?P<name>`, `?'name'`, inline flags `?i:`.
        const opener = /^\?(?:[:>=!]|<[=!]|P?<[A-Za-z_][\w]*>|'[A-Za-z_]\w*'|[a-zA-Z-]+:)/.exec(this.src.slice(this.i));
        if (!opener) return undefined;
        this.i += opener[0].length;
      }
      alternatives = this.alternatives();
      if (alternatives === undefined || this.src[this.i] !== ')') return undefined;
      this.i++;
    } else if (c === '[') {
      if (!this.skipClass()) return undefined;
    } else if (c === '\\') {
      this.i += 2;
      if (this.i > this.src.length) return undefined;
    } else if (c === '*' || c === '+' || c === '?') {
      return undefined;
    } else {
      this.i++;
    }
    const quantifier = this.quantifier();
    return { ...(alternatives ? { alternatives } : {}), ...(atomic ? { atomic } : {}), quantifier };
  }

  /** `[...]`, with escapes and a leading `]` or `^]` taken literally; nested POSIX classes `[[:alpha:]]` skipped whole. */
  private skipClass(): boolean {
    this.i++;
    if (this.src[this.i] === '^') this.i++;
    if (this.src[this.i] === ']') this.i++;
    while (this.i < this.src.length) {
      const c = this.src[this.i];
      if (c === '\\') this.i += 2;
      else if (c === '[' && this.src[this.i + 1] === ':') {
        const end = this.src.indexOf(':]', this.i + 2);
        if (end < 0) return false;
        this.i = end + 2;
      } else if (c === ']') {
        this.i++;
        return true;
      } else this.i++;
    }
    return false;
  }

  private quantifier(): Quantifier {
    const c = this.src[this.i];
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      this.i++;
      [min, max] = c === '*' ? [0, Infinity] : c === '+' ? [1, Infinity] : [0, 1];
    } else if (c === '{') {
      const m = /^\{(\d*)(,(\d*))?\}/.exec(this.src.slice(this.i));
      // A brace that is not a quantifier is a literal character in JavaScript and Python.
      if (!m || (m[1] === '' && m[3] === undefined)) return ONCE;
      this.i += m[0].length;
      min = m[1] === '' ? 0 : Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
    } else {
      return ONCE;
    }
    let possessive = false;
    if (this.src[this.i] === '?') this.i++;
    else if (this.src[this.i] === '+') {
      this.i++;
      possessive = true;
    }
    return { min, max, possessive };
  }
}

const unbounded = (q: Quantifier): boolean => q.max >= LARGE && !q.possessive;

/** Whether the element can match a run of characters of any length by repeating something inside it (and gives it back on backtracking). */
function repeats(e: Element): boolean {
  if (e.atomic) return false;
  if (unbounded(e.quantifier)) return true;
  return e.alternatives?.some((alt) => runOnly(alt)) ?? false;
}

/** A sequence that can be nothing but repetitions: one element repeats and every other one may be absent. */
function runOnly(sequence: readonly Element[]): boolean {
  const repeating = sequence.filter(repeats);
  if (repeating.length === 0) return false;
  return sequence.every((e) => repeats(e) || e.quantifier.min === 0);
}

/**
 * A group repeated without bound whose body is such a run, searched depth first, and followed by
 * something that can fail (`tailCanFail`: a mandatory element after it here or after an enclosing
 * group, or a match that must cover the whole input). With nothing after it that can fail, the
 * first way of matching always succeeds and the engine never tries the others.
 */
function findNested(elements: readonly Element[], tailCanFail: boolean): boolean {
  for (const [k, e] of elements.entries()) {
    if (!e.alternatives || e.atomic) continue;
    const failsAfter = tailCanFail || elements.slice(k + 1).some((next) => next.quantifier.min >= 1);
    if (!failsAfter) continue;
    if (unbounded(e.quantifier) && e.alternatives.some((alt) => runOnly(alt))) return true;
    if (e.alternatives.some((alt) => findNested(alt, true))) return true;
  }
  return false;
}

/** A group closed and then repeated without bound: every pattern that can backtrack so has one (the rule's prefilter too). */
export const REPEATED_GROUP = /\)(?:[*+]|\{\d*,)/;

/**
 * Whether a pattern (its source text, without delimiters or flags) can backtrack exponentially.
 * `wholeInput`: the engine must match all of the input (Java `String.matches`, Python `fullmatch`).
 */
export function catastrophicBacktracking(pattern: string, options: { wholeInput?: boolean } = {}): boolean {
  if (pattern.length > 10_000 || !REPEATED_GROUP.test(pattern)) return false;
  const alternatives = new Parser(pattern).parse();
  return alternatives !== undefined && alternatives.some((alt) => findNested(alt, options.wholeInput === true));
}
