/**
 * Barriers as data: what makes a tainted value safe for some kinds of sink. Three kinds of rows,
 * grouped per language and framework in taint-barriers.ts, each group with examples that run as
 * tests (test/scanners/code/taint-barriers.test.ts):
 *
 * - sanitisers: calls whose result is safe for the listed sink kinds (`urlencode` for a redirect,
 *   `File.basename` for a path), optionally only when called with a keyword (`only_path: true`);
 * - checks: calls and comparisons that, where they held, tell something of the value they check
 *   (`in_array($x, $allowed)`: a member of a collection the code holds; `strings.HasPrefix(p, base)`:
 *   a prefix), with the helpers that say what was checked: normalising calls (`realpath`,
 *   `filepath.Clean`, `getCanonicalPath`), URL parsers and the parts that name a host
 *   (`url.Parse(u).Host`), and conversions that keep the text (`toString`, `strtolower`);
 * - safe options: keyword arguments that make a sink call safe (Rails `allow_other_host: false`).
 *
 * A check is only a fact; the barrier rules (`BARRIER_RULES`, taint-barriers.ts) say which facts,
 * together, make a value safe for which sink kinds: a prefix check clears a path only when the path
 * was normalised first (or `..` was refused), a URL is safe when its host was compared, or when it
 * starts with `/` and not with `//`. A fact holds inside the branch where its check held, and after
 * an `if` whose other branch leaves (`return`, `throw`, `exit`, `die`, `raise`, `continue`).
 *
 * The PHP, Go, Java and Ruby engine (function-model/guards.ts) reads all of it. The JavaScript and
 * Python engine (taint/guards.ts) keeps its own allow-list guards and reads the URL parsers, host
 * parts and URL validators of its groups; its sanitisers stay in taint-spec.ts.
 */
import type { CodeLanguage } from './parser.js';
import { familyOf, type TriggerFamily } from './prefilter.js';
import type { CodeExample } from './rule.js';
import type { SinkKind } from './taint-spec.js';

/** What a check says of the value it checks, when it holds. */
export type CheckKind =
  /** The value is one of a collection (`in_array`, `Set#contains`, `include?`, a map lookup). */
  | 'member'
  /** The value equals the other operand (`==`, `===`, `.equals`, `eql?`). */
  | 'equals'
  /** The value starts with the other operand (`str_starts_with`, `strings.HasPrefix`, `startsWith`). */
  | 'prefix'
  /** The value contains the other operand (`str_contains`, `strings.Contains`, `contains`, `include?`). */
  | 'contains'
  /** The value matches a regular expression (`preg_match`, `MatchString`, `matches`, `match?`, `=~`). */
  | 'matches'
  /** The value is a number or a word of letters or digits (PHP `is_numeric`, `ctype_digit`, `ctype_alnum`). */
  | 'restricted'
  /** The value is a local path: relative, no `..` element, not empty (Go `filepath.IsLocal`). */
  | 'local'
  /** A validation function says the value is safe, by its name (`isSafeRedirect($u)`, `valid_path?(p)`). */
  | 'validated';

/** An operand of a call: an argument position or the receiver of a method call. */
export type Operand = number | 'receiver';

/**
 * Which calls a row names (any of these):
 * - `functions`: free functions, any letter case (PHP `in_array`, `realpath`): no receiver, not `new`;
 * - `names`: the callee as written, receiver and name joined by `.` (`strings.HasPrefix`, `File.expand_path`, `Str.startsWith` for `Str::startsWith`);
 * - `methods`: methods on any receiver (`contains`, `start_with?`, `getCanonicalPath`);
 * - `constructors`: classes by name as written (`URI`, `java.net.URI`);
 * - `named`: functions or methods whose name matches (validators by name).
 */
export interface CallMatch {
  readonly functions?: readonly string[];
  readonly names?: readonly string[];
  readonly methods?: readonly string[];
  readonly constructors?: readonly string[];
  readonly named?: RegExp;
}

/** A call whose result is safe for `kinds`. PHP, Go, Java and Ruby match it by the callee's last name (`basename`, `Base` of `filepath.Base`). */
export interface SanitiserRow {
  readonly named: readonly string[];
  readonly kinds: readonly SinkKind[];
  /** Only when called with this keyword argument and value (`url_for(only_path: true)`). */
  readonly keyword?: readonly [string, string];
  /** Only when its first argument starts with a constant `/` (`filepath.Clean("/" + name)` cannot climb above the root). */
  readonly rooted?: true;
}

/**
 * A check: which calls, which operand is the value checked and which the other (the collection,
 * prefix, part or pattern), and how the call's result says the check held: `truthy` (default),
 * `zero` (`strpos($p, $base) === 0`, `strcmp`), `found` (`strpos(…) !== false`, `indexOf(…) != -1`).
 * `value: { key: n }`: the key of the subscript at argument n (`isset($allowed[$x])`).
 * `whole`: a `matches` call that matches the whole value, anchored or not (Java `String#matches`).
 * `via`: the call's receiver is a call of this method on the pattern (Java `P.matcher(x).matches()`,
 * `via: 'matcher'`); `value` and `operand` then name operands of that inner call.
 */
export interface CheckRow extends CallMatch {
  readonly check: CheckKind;
  readonly value: Operand | { readonly key: number };
  readonly operand?: Operand;
  readonly result?: 'truthy' | 'zero' | 'found';
  readonly whole?: true;
  readonly via?: string;
  /** The check is on the URL's host (Django `url_has_allowed_host_and_scheme(u, …)`). */
  readonly part?: 'host';
  /**
   * Only when argument `index` is written as one of these names (`filter_var($x, FILTER_VALIDATE_INT)`:
   * an e-mail or URL filter lets quotes and angle brackets through). Read by the per-function model
   * (PHP, Go, Java, Ruby rows).
   */
  readonly flag?: { readonly index: number; readonly anyOf: readonly string[] };
}

/**
 * A call that normalises a path: no `.`/`..` element or symbolic link is left (`realpath`,
 * `filepath.Clean`, `getCanonicalPath`, `Path#normalize`, `File.expand_path`). `value`: the path
 * normalised, so that a check of `realpath($p)` also covers `$p` (omitted when the call joins
 * several paths: `filepath.Join`). `relative`: the result is relative to a base
 * (`filepath.Rel(base, p)`), so it leaves the base only when it starts with `..`.
 */
export interface NormaliserRow extends CallMatch {
  readonly value?: Operand;
  readonly relative?: true;
}

/** A call that parses a URL (`url.Parse(s)`, `URI.create(s)`, `parse_url($s)`, `URI(s)`), and which operand is the URL text. */
export interface UrlParserRow extends CallMatch {
  readonly value: Operand;
}

/** A call that returns its input's text unchanged or only changes letter case or surrounding blanks (`toString`, `strtolower`, `trim`): a check of its result checks its input. */
export interface ConversionRow extends CallMatch {
  readonly value: Operand;
}

/** A keyword argument that makes a sink call of `kinds` safe (Rails `redirect_to url, allow_other_host: false`). */
export interface SafeOptionRow {
  readonly keyword: string;
  readonly value: string;
  readonly kinds: readonly SinkKind[];
}

/** An example of a group: `bad` is reported by `rule`, `good` is not. */
export interface BarrierExample extends CodeExample {
  readonly rule: string;
}

/** The barriers of one language family and framework, with examples that run as tests. */
export interface BarrierGroup {
  readonly title: string;
  readonly language: TriggerFamily;
  readonly sanitisers?: readonly SanitiserRow[];
  readonly checks?: readonly CheckRow[];
  readonly normalisers?: readonly NormaliserRow[];
  readonly conversions?: readonly ConversionRow[];
  readonly urlParsers?: readonly UrlParserRow[];
  /** Properties, methods and keys of a parsed URL that name its host (`Host`, `getHost`, `host`, `'host'`), and arguments asking for it (`PHP_URL_HOST`). */
  readonly hostParts?: readonly string[];
  readonly safeOptions?: readonly SafeOptionRow[];
  /** Calls that never return (`exit`, `die`, `panic`, `raise`, Sinatra `halt`), by callee as written; an `if` whose branch ends with one leaves. */
  readonly exits?: readonly string[];
  readonly examples: readonly BarrierExample[];
}

/** What a check established about a value at some place in the code. */
export interface Fact {
  readonly check: CheckKind;
  /** Whether the check held (`false`: it is known to have failed, as past `if (str_contains($p, '..')) die;`). */
  readonly holds: boolean;
  /** The other operand when it is a constant (the prefix, the part looked for, the pattern's text). */
  readonly constant?: string;
  /** The other operand carries no request data (a collection or value the code holds). */
  readonly trusted: boolean;
  /** The check was on the URL's host (`url.Parse(u).Host == …`): the fact is about the URL. */
  readonly part?: 'host';
  /** The value checked was normalised (`clean`), or is relative to a base (`relative`). */
  readonly normalised?: 'clean' | 'relative';
  /** `matches`: the pattern is anchored at both ends and admits no `.` wildcard, `/` or `\` (restrictivePattern). */
  readonly restrictive?: boolean;
  /** `matches`: besides, the pattern is made of letters, digits, classes of them and quantifiers only (strictPattern). */
  readonly strict?: boolean;
}

/**
 * A class of operand a fact pattern asks for: the constants `/`, `//` and `..`; `base` a directory
 * (not a constant, or a constant other than `/`, `\` and the empty string); `origin` a constant
 * scheme and host followed by `/` (`https://app.example.com/`); `restrictive` a restrictive pattern;
 * `strict` a strict one; `constant` a constant string; `trusted` any operand without request data.
 */
export type OperandClass = '/' | '//' | '..' | 'base' | 'origin' | 'restrictive' | 'strict' | 'constant' | 'trusted';

export interface FactPattern {
  readonly check: CheckKind;
  /** Default true. */
  readonly holds?: boolean;
  readonly operand?: OperandClass;
  readonly part?: 'host';
  readonly normalised?: 'clean' | 'relative';
}

/** Facts that, all holding on the same value, make it safe for `kinds`. */
export interface BarrierRule {
  readonly title: string;
  readonly kinds: readonly SinkKind[];
  readonly all: readonly FactPattern[];
}

const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\\]+\//i;

function operandMatches(f: Fact, operand: OperandClass): boolean {
  switch (operand) {
    case '/':
    case '//':
    case '..':
      return f.constant === operand;
    case 'base':
      return f.constant === undefined ? f.trusted : !['', '/', '\\', '.', '..', '//'].includes(f.constant);
    case 'origin':
      return f.constant !== undefined && ORIGIN.test(f.constant);
    case 'restrictive':
      return f.restrictive === true;
    case 'strict':
      return f.strict === true;
    case 'constant':
      return f.constant !== undefined;
    case 'trusted':
      return f.trusted;
  }
}

/** Whether a fact is what a pattern asks for. */
export function factMatches(f: Fact, p: FactPattern): boolean {
  if (f.check !== p.check || f.holds !== (p.holds ?? true) || f.part !== p.part) return false;
  if (p.normalised !== undefined && f.normalised !== p.normalised) return false;
  return p.operand === undefined || operandMatches(f, p.operand);
}

/** Whether the facts established on one value make it safe for a sink kind. */
export const clears = (rules: readonly BarrierRule[], facts: readonly Fact[], kind: SinkKind): boolean =>
  rules.some((r) => r.kinds.includes(kind) && r.all.every((p) => facts.some((f) => factMatches(f, p))));

/**
 * Whether a regular expression admits only values without a `.` wildcard, `/` or `\`: anchored at
 * both ends (or matched whole), no `.` outside an escape, no `/` or `\` literal, no negated class
 * (`[^…]`, `\W`, `\S`, `\D`), and a literal dot (`\.`) only outside character classes (a fixed
 * extension, not `[\w.]+`, which admits `..`). `ruby`: `^`/`$` match at line ends there, so only
 * `\A` and `\z`/`\Z` anchor. Such a value cannot leave a directory or name another host.
 */
export function restrictivePattern(source: string, options: PatternOptions = {}): boolean {
  const body = patternBody(source, options);
  if (body === undefined) return false;
  let inClass = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === '\\') {
      const next = body[i + 1] ?? '';
      i++;
      // Negated classes, code points (`\x2f`, `\u002e`, octal) and the separators themselves.
      if (/[WSDHVNRXPxuc0-9/\\]/.test(next)) return false;
      if (next === '.' && inClass) return false;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      else if (c === '.' || c === '/') return false;
      continue;
    }
    if (c === '[') {
      if (body[i + 1] === '^') return false;
      inClass = true;
      continue;
    }
    if (c === '.' || c === '/') return false;
  }
  return !inClass;
}

export interface PatternOptions {
  readonly whole?: boolean;
  readonly ruby?: boolean;
}

/** A pattern's text between its anchors; undefined when it is not anchored at both ends (and not matched whole). */
function patternBody(source: string, options: PatternOptions): string | undefined {
  const start = options.ruby ? /^\\A/ : /^(?:\^|\\A)/;
  const end = options.ruby ? /\\[zZ]$/ : /(?:\$|\\[zZ])$/;
  if (!options.whole && (!start.test(source) || !end.test(source))) return undefined;
  return source.replace(start, '').replace(end, '');
}

/** Letters, digits, `_`, `-`, classes of them (`[…]`, `\d`, `\w`), an escaped `.` and quantifiers. */
const STRICT_BODY = /^(?:[\w[\]{},+*?-]|\\[dw.\-_+])*$/;

/**
 * Whether a restrictive pattern admits only words: letters, digits, `_`, `-` and a literal `.`
 * outside classes, in classes and with quantifiers (`^\d+$`, `^[a-z0-9_-]{1,32}$`), no blank,
 * alternation, group, quote or other operator. Such a value cannot end a string literal or a
 * command argument, open a tag or name a path or URL, whichever sink it reaches.
 */
export function strictPattern(source: string, options: PatternOptions = {}): boolean {
  const body = patternBody(source, options);
  return body !== undefined && restrictivePattern(source, options) && STRICT_BODY.test(body);
}

/** Files row `i` under `key` in a name → row numbers index, once, in row order (rows are indexed in order). */
export function indexRow(map: Map<string, number[]>, key: string, i: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [i]);
  else if (list.at(-1) !== i) list.push(i);
}

/** Rows that name calls, indexed by name: the rows a call matches, in row order, without trying each row. */
export class CallRows<T extends CallMatch> {
  private readonly byName = new Map<string, number[]>();
  private readonly byFunction = new Map<string, number[]>();
  private readonly byMethod = new Map<string, number[]>();
  private readonly byConstructor = new Map<string, number[]>();
  private readonly namedRows: number[] = [];
  constructor(readonly rows: readonly T[]) {
    rows.forEach((r, i) => {
      for (const n of r.names ?? []) indexRow(this.byName, n, i);
      for (const f of r.functions ?? []) indexRow(this.byFunction, f.toLowerCase(), i);
      for (const m of r.methods ?? []) indexRow(this.byMethod, m, i);
      for (const c of r.constructors ?? []) indexRow(this.byConstructor, c, i);
      if (r.named) this.namedRows.push(i);
    });
  }

  /** Every row that names the call (see CallMatch), in row order. */
  all(call: CallLike): T[] {
    const found: number[] = [];
    const add = (list: readonly number[] | undefined) => {
      if (list) for (const i of list) if (!found.includes(i)) found.push(i);
    };
    if (call.isNew) {
      const simple = call.name.slice(Math.max(call.name.lastIndexOf('.'), call.name.lastIndexOf('\\')) + 1);
      add(this.byConstructor.get(call.name));
      add(this.byConstructor.get(simple));
    } else {
      add(this.byName.get(call.name));
      if (!call.receiver) add(this.byFunction.get(call.name.toLowerCase()));
      if (call.receiver) add(this.byMethod.get(call.method));
      for (const i of this.namedRows) if (this.rows[i]?.named?.test(call.method)) add([i]);
    }
    return found.sort((a, b) => a - b).map((i) => this.rows[i] as T);
  }

  /** The first row the call matches, else undefined. */
  first(call: CallLike): T | undefined {
    return this.all(call)[0];
  }
}

/** A group's rows compiled for one language: sets instead of lists. */
export interface CompiledBarriers {
  readonly language: CodeLanguage;
  /** Sanitiser names per sink kind (the function model's plain names). */
  readonly sanitisers: ReadonlyMap<SinkKind, ReadonlySet<string>>;
  /** Sanitisers that need a keyword or a rooted argument, per kind. */
  readonly conditionalSanitisers: readonly SanitiserRow[];
  readonly checks: CallRows<CheckRow>;
  readonly normalisers: CallRows<NormaliserRow>;
  readonly conversions: CallRows<ConversionRow>;
  readonly urlParsers: CallRows<UrlParserRow>;
  readonly hostParts: ReadonlySet<string>;
  readonly safeOptions: readonly SafeOptionRow[];
  /** Calls that never return, lower case for the PHP functions. */
  readonly exits: ReadonlySet<string>;
  readonly rules: readonly BarrierRule[];
  /** Whether any check row exists (else no guard is looked for). */
  readonly guarded: boolean;
}

/** The rows of every group of a language's family, compiled. */
export function compileBarriers(groups: readonly BarrierGroup[], rules: readonly BarrierRule[], language: CodeLanguage): CompiledBarriers {
  const family = familyOf(language);
  const mine = groups.filter((g) => g.language === family);
  const sanitisers = new Map<SinkKind, Set<string>>();
  const conditionalSanitisers: SanitiserRow[] = [];
  for (const row of mine.flatMap((g) => g.sanitisers ?? [])) {
    if (row.keyword || row.rooted) {
      conditionalSanitisers.push(row);
      continue;
    }
    for (const kind of row.kinds) {
      let set = sanitisers.get(kind);
      if (!set) sanitisers.set(kind, (set = new Set()));
      for (const n of row.named) set.add(n);
    }
  }
  const checks = mine.flatMap((g) => g.checks ?? []);
  return {
    language,
    sanitisers,
    conditionalSanitisers,
    checks: new CallRows(checks),
    normalisers: new CallRows(mine.flatMap((g) => g.normalisers ?? [])),
    conversions: new CallRows(mine.flatMap((g) => g.conversions ?? [])),
    urlParsers: new CallRows(mine.flatMap((g) => g.urlParsers ?? [])),
    hostParts: new Set(mine.flatMap((g) => g.hostParts ?? [])),
    safeOptions: mine.flatMap((g) => g.safeOptions ?? []),
    exits: new Set(mine.flatMap((g) => g.exits ?? []).map((e) => (language === 'php' ? e.toLowerCase() : e))),
    rules,
    guarded: checks.length > 0,
  };
}

/** The shape of a call a row is matched against (ast.ts `CallShape`). */
interface CallLike {
  readonly name: string;
  readonly method: string;
  readonly receiver: unknown;
  readonly isNew: boolean;
}


/** What the JavaScript and Python engine (taint/guards.ts) reads of a family's groups: URL host validators, URL parsers, host parts, and the kinds a host check makes safe. */
export interface UrlBarriers {
  /** Functions approving a URL's host and scheme (Django `url_has_allowed_host_and_scheme`), by qualified or plain name. */
  readonly validators: ReadonlySet<string>;
  /** URL parsers by qualified or plain name, constructors as `new URL`. */
  readonly parsers: ReadonlySet<string>;
  readonly hostParts: ReadonlySet<string>;
  /** The sink kinds the barrier rules clear for a checked host. */
  readonly hostKinds: readonly SinkKind[];
}

export function urlBarriers(groups: readonly BarrierGroup[], rules: readonly BarrierRule[], family: TriggerFamily): UrlBarriers {
  const mine = groups.filter((g) => g.language === family);
  const named = (m: CallMatch): string[] => [...(m.names ?? []), ...(m.functions ?? []), ...(m.constructors ?? []).map((c) => `new ${c}`)];
  return {
    validators: new Set(mine.flatMap((g) => g.checks ?? []).filter((c) => c.check === 'validated' && c.part === 'host').flatMap(named)),
    parsers: new Set(mine.flatMap((g) => g.urlParsers ?? []).flatMap(named)),
    hostParts: new Set(mine.flatMap((g) => g.hostParts ?? [])),
    hostKinds: Object.freeze([...new Set(rules.filter((r) => r.all.some((p) => p.part === 'host')).flatMap((r) => r.kinds))]),
  };
}
