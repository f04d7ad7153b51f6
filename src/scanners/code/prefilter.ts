/**
 * The rule prefilter: each rule may declare words one of which a file must
 * contain for its matcher to have any chance (Semgrep's prefilter idea). The
 * scanner runs a rule only on files passing its triggers and parses a file only
 * when some rule of its language passes. Triggers must be conservative: a file
 * the matcher could report must always pass; a rule that cannot say lists none
 * and always runs.
 *
 * Terms:
 * - a plain string is a whole word (a maximal run of `[A-Za-z0-9_]`); use it for
 *   identifiers, property and module names the matcher compares for equality
 *   (`'child_process'`, `'eval'`); `$where` is the word `where`;
 * - a RegExp must match somewhere in the text: substrings, case-insensitive
 *   words, the rule's own unanchored pattern over node texts;
 * - `anyCase(words)` is whole words in any letter case (a RegExp);
 * - `literal(words)` is text taken from string literals: a substring, which in
 *   Python may also be split over implicitly concatenated literals (`'SECRET' '_KEY'`);
 * - `inStrings(re)` is a RegExp that only the text of string and template literals
 *   can satisfy (SQL keywords of a query's text): in JavaScript and TypeScript it must
 *   match there (js-strings.ts); in other languages, anywhere in the text;
 * - an array needs any one of its terms, `all(…)` every one.
 */
import { jsStringTexts } from './js-strings.js';
import type { CodeLanguage } from './parser.js';

export interface AllTrigger {
  readonly all: readonly Trigger[];
}
export interface LiteralTrigger {
  readonly literal: readonly string[];
  readonly ignoreCase: boolean;
}
export interface StringsTrigger {
  readonly strings: RegExp;
}
export type Trigger = string | RegExp | AllTrigger | LiteralTrigger | StringsTrigger | readonly Trigger[];

export type TriggerFamily = 'js' | 'python' | 'php' | 'go' | 'java' | 'ruby';
/** Triggers for every language of the rule, or per language family (a family left out always runs). */
export type RuleTriggers = readonly Trigger[] | Readonly<Partial<Record<TriggerFamily, readonly Trigger[]>>>;

/** Every term must hold. */
export const all = (...terms: Trigger[]): AllTrigger => ({ all: terms });

/** Text from string literals (see the module comment). */
export const literal = (words: string | readonly string[], options: { ignoreCase?: boolean } = {}): LiteralTrigger => ({
  literal: typeof words === 'string' ? [words] : words,
  ignoreCase: options.ignoreCase ?? false,
});

/** A RegExp that must match in the text of string and template literals (see the module comment). */
export const inStrings = (re: RegExp): StringsTrigger => ({ strings: re });

/**
 * Whole words in any letter case, for names the matcher compares case-insensitively (PHP
 * functions and keywords): `anyCase(['md5', 'sha1'])` passes `MD5(…)` and `\sha1(…)`.
 */
export function anyCase(words: Iterable<string>): RegExp {
  const list = [...words];
  if (list.length === 0) throw new Error('anyCase() needs words');
  for (const w of list) if (!WORD.test(w)) throw new Error(`trigger word ${JSON.stringify(w)} is not a word`);
  return new RegExp(`\\b(?:${list.join('|')})\\b`, 'i');
}

/** The last part of each qualified name (`os.Open` → `Open`): the word a call named so must contain. */
export const unqualified = (names: Iterable<string>): string[] => [...names].map((n) => n.slice(n.lastIndexOf('.') + 1));

export const familyOf = (language: CodeLanguage): TriggerFamily => (language === 'javascript' || language === 'typescript' || language === 'tsx' ? 'js' : language);

/** The triggers a rule declares for a language, or undefined when it always runs there. */
export function triggersFor(triggers: RuleTriggers | undefined, language: CodeLanguage): readonly Trigger[] | undefined {
  if (triggers === undefined) return undefined;
  const list = isTriggerList(triggers) ? triggers : triggers[familyOf(language)];
  return list && list.length > 0 ? list : undefined;
}

const isTriggerList = (t: RuleTriggers): t is readonly Trigger[] => Array.isArray(t);
const isAll = (t: Trigger): t is AllTrigger => typeof t === 'object' && 'all' in t;
const isLiteral = (t: Trigger): t is LiteralTrigger => typeof t === 'object' && 'literal' in t;
const isStrings = (t: Trigger): t is StringsTrigger => typeof t === 'object' && 'strings' in t;

const WORD = /^\w+$/;
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The text checks of one file; each distinct check runs at most once. */
interface Probe {
  readonly text: string;
  /** Python: the text with implicitly concatenated literals joined (computed on first use). */
  joined: string | undefined;
  /** JavaScript/TypeScript: the text of its string and template literals, or all of it when it does not lex cleanly (on first use). */
  strings: string | undefined;
  readonly words: ReadonlySet<string>;
  /** Per distinct scan (see `Scans`): 0 not run yet, 1 no match, 2 a match. */
  readonly memo: Uint8Array;
}
type Check = (probe: Probe) => boolean;

/**
 * Checks with how dear they are: a word is a set lookup; a RegExp scans the text (once per file,
 * then memoised). `all` and any-of lists try their cheap parts first: the answer is the same in
 * any order (every check is a pure function of the text), and a word that is missing or present
 * often settles it before any scan.
 */
interface Costed {
  readonly check: Check;
  /** How many text scans the check may run. */
  readonly cost: number;
}

const byCost = (parts: Costed[]): Check[] =>
  parts
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.cost - b.p.cost || a.i - b.i)
    .map(({ p }) => p.check);

/**
 * The distinct text scans of one prefilter, by pattern and flags: rules that share a term (the
 * source triggers every taint rule needs) share its scan, which runs at most once per file.
 */
type Scans = Map<string, { readonly re: RegExp; readonly slot: number }>;

/** The text a scan reads: the file's, Python's with implicitly concatenated literals joined, or JavaScript's literals only. */
type View = 'text' | 'joined' | 'strings';
const VIEWS: Readonly<Record<View, (probe: Probe) => string>> = {
  text: (probe) => probe.text,
  joined: (probe) => (probe.joined ??= joinPythonLiterals(probe.text)),
  strings: (probe) => (probe.strings ??= jsStringTexts(probe.text) ?? probe.text),
};

function regexCheck(re: RegExp, scans: Scans, view: View = 'text'): Check {
  // Stateless copy: a global or sticky RegExp would carry lastIndex from file to file.
  const flags = re.flags.replace(/[gy]/g, '');
  const key = `${view === 'text' ? '' : `${view} `}${flags}/${re.source}`;
  let scan = scans.get(key);
  if (!scan) scans.set(key, (scan = { re: new RegExp(re.source, flags), slot: scans.size }));
  const { re: own, slot } = scan;
  const read = VIEWS[view];
  return (probe) => {
    let state = probe.memo[slot] as number;
    if (state === 0) probe.memo[slot] = state = own.test(read(probe)) ? 2 : 1;
    return state === 2;
  };
}

const literalRegex = (t: LiteralTrigger): RegExp => new RegExp(t.literal.map(escape).join('|'), t.ignoreCase ? 'i' : '');

/** The next quote or comment outside literals. */
const QUOTE_OR_COMMENT = /['"#]/g;
/** A run of what may sit between two implicitly concatenated Python literals: blanks, line continuations, comments. */
const BETWEEN = /(?:\s|\\\r?\n|#[^\n]*(?:\n|$))*/y;
/** A string prefix (`f`, `rb`, …) and the opening quote of the next literal. */
const NEXT_OPENING = /[A-Za-z]{0,3}(?='|")/y;

/**
 * Python text with each run of implicitly concatenated string literals written as one literal
 * (`'SECRET' '_KEY'` → `'SECRET_KEY'`; also across blanks, comments and line continuations), so
 * that a plain substring test sees text split over them. Quotes inside comments open nothing; a
 * literal left open runs to the end of its line (triple-quoted: of the text) and joins nothing.
 * Linear in the text: one forward scan, the separators read with sticky expressions.
 */
export function joinPythonLiterals(text: string): string {
  const pieces: string[] = [];
  let kept = 0;
  let i = 0;
  while (i < text.length) {
    QUOTE_OR_COMMENT.lastIndex = i;
    const found = QUOTE_OR_COMMENT.exec(text);
    if (!found) break;
    if (found[0] === '#') {
      const eol = text.indexOf('\n', found.index);
      i = eol < 0 ? text.length : eol + 1;
      continue;
    }
    let start = found.index;
    for (;;) {
      const open = delimiterAt(text, start);
      const end = literalEnd(text, start + open.length, open);
      if (end < 0) {
        i = -end - 1;
        break;
      }
      BETWEEN.lastIndex = end;
      BETWEEN.test(text);
      NEXT_OPENING.lastIndex = BETWEEN.lastIndex;
      if (!NEXT_OPENING.test(text)) {
        i = end;
        break;
      }
      // Joined: drop from this literal's closing quotes through the next one's opening quotes.
      const next = NEXT_OPENING.lastIndex;
      pieces.push(text.slice(kept, end - open.length));
      kept = next + delimiterAt(text, next).length;
      start = next;
    }
  }
  if (pieces.length === 0) return text;
  pieces.push(text.slice(kept));
  return pieces.join('');
}

/** The opening quotes of the literal at `at`: one quote or three. */
function delimiterAt(text: string, at: number): string {
  const q = text[at] as string;
  return text.startsWith(q + q + q, at) ? q + q + q : q;
}

/**
 * Where a literal whose body starts at `from` ends: after its closing quotes, or, left open,
 * -(where the scan goes on) - 1: the line break of a one-line literal, the end of the text.
 */
function literalEnd(text: string, from: number, quotes: string): number {
  const oneLine = quotes.length === 1;
  for (let j = from; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 92 /* backslash */) j++;
    else if (oneLine && c === 10 /* line break */) return -j - 1;
    else if (c === quotes.charCodeAt(0) && text.startsWith(quotes, j)) return j + quotes.length;
  }
  return -text.length - 1;
}

/** Compiles a term to a check, adding its words to `words`. Throws on a malformed term (a bug in a rule). */
function compile(term: Trigger, language: CodeLanguage, words: Set<string>, scans: Scans): Costed {
  if (typeof term === 'string') {
    if (!WORD.test(term)) throw new Error(`trigger word ${JSON.stringify(term)} is not a word (use a RegExp or literal())`);
    words.add(term);
    return { check: (probe) => probe.words.has(term), cost: 0 };
  }
  if (term instanceof RegExp) return { check: regexCheck(term, scans), cost: 1 };
  if (isLiteral(term)) {
    if (term.literal.length === 0 || term.literal.some((w) => w.length === 0)) throw new Error('literal() needs non-empty words');
    return { check: regexCheck(literalRegex(term), scans, language === 'python' ? 'joined' : 'text'), cost: 1 };
  }
  if (isStrings(term)) {
    // The whole text first: it settles most files without lexing them, and its scan is shared.
    const anywhere = regexCheck(term.strings, scans);
    if (familyOf(language) !== 'js') return { check: anywhere, cost: 1 };
    const inLiterals = regexCheck(term.strings, scans, 'strings');
    return { check: (probe) => anywhere(probe) && inLiterals(probe), cost: 2 };
  }
  if (isAll(term)) {
    const parts = term.all.map((t) => compile(t, language, words, scans));
    if (parts.length === 0) throw new Error('all() needs terms');
    const checks = byCost(parts);
    return { check: (probe) => checks.every((p) => p(probe)), cost: parts.reduce((n, p) => n + p.cost, 0) };
  }
  const parts = term.map((t) => compile(t, language, words, scans));
  if (parts.length === 0) throw new Error('an empty trigger list never matches');
  const checks = byCost(parts);
  return { check: (probe) => checks.some((p) => p(probe)), cost: parts.reduce((n, p) => n + p.cost, 0) };
}

export interface TriggeredRule {
  readonly triggers?: RuleTriggers;
}

/**
 * The prefilter of one language over a rule list: which rules a file's text can trigger. A rule's
 * triggers are any-of lists, and most of their terms are plain words: those are indexed (word → rules it
 * passes), so a file's words mark their rules at once, and only the rules no word passed evaluate their
 * other terms. The answer is the same as evaluating every term of every rule (each is a pure function of
 * the text); on Juice Shop's code it took a third of the time.
 */
export class LanguagePrefilter<R extends TriggeredRule> {
  /** Per rule: whether it has no triggers for this language (it always runs). */
  private readonly always: boolean[];
  /** Per rule: its terms other than plain words, as one any-of check; undefined when it has none. */
  private readonly rest: (Check | undefined)[];
  /** Each plain word of a rule's own list, with the indexes of the rules it passes. */
  private readonly byWord = new Map<string, number[]>();
  private readonly scanner: RegExp | undefined;
  private readonly scanCount: number;

  constructor(
    private readonly rules: readonly R[],
    language: CodeLanguage,
  ) {
    const words = new Set<string>();
    const scans: Scans = new Map();
    this.always = [];
    this.rest = [];
    for (const [index, rule] of rules.entries()) {
      const list = triggersFor(rule.triggers, language);
      this.always.push(list === undefined);
      const others: Costed[] = [];
      for (const term of list ?? []) {
        if (typeof term !== 'string') {
          others.push(compile(term, language, words, scans));
          continue;
        }
        compile(term, language, words, scans);
        const passes = this.byWord.get(term);
        if (passes === undefined) this.byWord.set(term, [index]);
        else if (passes[passes.length - 1] !== index) passes.push(index);
      }
      const checks = byCost(others);
      this.rest.push(checks.length === 0 ? undefined : checks.length === 1 ? checks[0] : (probe) => checks.some((c) => c(probe)));
    }
    this.scanCount = scans.size;
    // One pass over the text finds every trigger word present (longest first is not needed:
    // `\b` on both sides makes each alternative match whole words only).
    this.scanner = words.size > 0 ? new RegExp(`\\b(?:${[...words].sort().join('|')})\\b`, 'g') : undefined;
  }

  /** Whether every rule runs on every file (some rule has no triggers for this language). */
  get alwaysRuns(): boolean {
    return this.always.includes(true);
  }

  /** The rules, in their order, whose triggers the text passes (rules without triggers always). */
  select(text: string): R[] {
    const words = this.wordsIn(text);
    const passed = new Uint8Array(this.rules.length);
    for (const word of words) for (const index of this.byWord.get(word) ?? []) passed[index] = 1;
    const probe: Probe = { text, joined: undefined, strings: undefined, words, memo: new Uint8Array(this.scanCount) };
    const out: R[] = [];
    for (const [index, rule] of this.rules.entries()) {
      if (passed[index] === 1 || this.always[index] === true || this.rest[index]?.(probe) === true) out.push(rule);
    }
    return out;
  }

  private wordsIn(text: string): Set<string> {
    const found = new Set<string>();
    const scanner = this.scanner;
    if (!scanner) return found;
    scanner.lastIndex = 0;
    for (let m = scanner.exec(text); m; m = scanner.exec(text)) found.add(m[0]);
    return found;
  }
}
