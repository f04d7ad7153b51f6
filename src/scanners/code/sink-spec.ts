/**
 * Sinks as data: the format of a taint rule's sink rows and the one generic rule that runs
 * them (`defineTaintRule`). A row names the calls (or syntax nodes) that are sinks, the argument
 * that matters, the kind of sink (which scopes sanitisers, taint-spec.ts), the words of the
 * evidence, and at most a few named conditions from the closed set below. The rows themselves
 * live in taint-sinks.ts, grouped per weakness and framework, each group with examples that
 * run as tests (test/scanners/code/taint-sinks.test.ts).
 *
 * The engine is chosen by language through the rule helpers (helpers.ts: `sink`, `isDynamic`,
 * `constantText`, …): the JavaScript/TypeScript and Python taint analysis (taint.ts) or the
 * local model of PHP, Go, Java and Ruby (function-model/). Structural checks (cookie flags, JWT options, CORS, prototype
 * pollution, crypto settings) are not sinks and stay code.
 */
import { child, enclosingFunction, namedChildren, textOf, unwrap } from './ast.js';
import { UNKNOWN } from './constants.js';
import { looksLikeUrl } from './function-model/guards.js';
import { writesTemplateFile } from './sinks.js';
import { indexRow, type CompiledBarriers } from './barrier-spec.js';
import { callAt, checkedWhereHeld, constantString, constantText, describeSource, hasFixedOrigin, hasSafeOption, isClientSource, isDynamic, isHarmless, isTrueLiteral, JS_SERVER_SOURCE_TRIGGERS, JS_SOURCE_TRIGGERS, leadingText, option, PYTHON_SOURCE_TRIGGERS, resolve, sink, SQL_KEYWORDS, SQL_TEXT, taintSource, urlString } from './helpers.js';
import { usesFunctionModel, type CodeLanguage, type SyntaxNode } from './parser.js';
import { all, anyCase, familyOf, type RuleTriggers, type Trigger, type TriggerFamily } from './prefilter.js';
import { defineRule, type CodeExample, type CodeRule, type Match, type QualifiedCall, type RuleContext } from './rule.js';
import { TAINT_BARRIERS } from './taint-barriers.js';
import type { SinkKind } from './taint-spec.js';

/**
 * Which value of the sink is checked:
 * - `index`: a positional argument (`-1` the last, `'each'` the first argument that passes the
 *   row's conditions and reaches the sink, a list of positions the first of those that does,
 *   `'receiver'` the object of a method call); none: only the `keywords`;
 * - `keywords`: keyword arguments (Python `url=`, Ruby `url:`) tried in order when the position
 *   is empty (with `keywords`, even `[]`, a Ruby `key: value` pair is not positional);
 * - `options`: when the argument is an object literal, its properties tried in order
 *   (`http.get({ host })`, read from any object argument as `option()` does);
 * - `property`: only this property of the argument, when it is an object literal (ldapjs
 *   `client.search(base, { filter })`), else nothing;
 * - `url`: (PHP, Go, Java, Ruby) the string a URL object is made from (`url.Parse(s)`,
 *   `new URL(s)`, `URI(s)`), following variables, so a fixed origin in it is seen;
 * - `tupleBody`: (Python) of a `(body, status, headers)` tuple, the body;
 * - `node`: for `nodes` rows, the node itself or its first named child;
 * - `prefix`: the value must start with constant text matching this (`Location: `, `redirect:`);
 *   the URL is what follows it (for `not-fixed-origin`).
 */
export type SinkArgument =
  | {
      readonly index?: number | readonly number[] | 'each' | 'receiver';
      readonly keywords?: readonly string[];
      readonly options?: readonly string[];
      readonly property?: string;
      readonly url?: true;
      readonly tupleBody?: true;
      readonly prefix?: RegExp;
    }
  | { readonly node: 'self' | 'first-child'; readonly prefix?: RegExp };

/**
 * When a value not proven to be request data is still reported (at most MEDIUM, confidence of
 * a pattern match): `dynamic` a string built at run time from values not proven constant;
 * `sql-dynamic` such a string whose constant text reads as SQL; `evaluated-code` any value that is
 * not harmless (a literal, a number, a constant) nor a function; `always` every call;
 * `outside-data` (JavaScript/TypeScript and Python) every value except bytes the code itself holds
 * (a literal or proven constant, possibly decoded with base64/hex/zlib), reported on sight: at
 * the rule's severity, not capped like an unproven flow, also when the value is not positional.
 */
export type SinkPattern = 'dynamic' | 'sql-dynamic' | 'evaluated-code' | 'always' | 'outside-data';

/**
 * Named conditions a row may require. Each is defined once, below, and may be reused by any row.
 * On the call (a call failing them is not this row's sink, and a later row may claim it):
 * - `not-new`: a plain call, not `new X(…)`;
 * - `three-arguments`: at least three positional arguments (python-ldap `search_s(base, scope, filter)`);
 * - `shell-option`: run through a shell: Python `shell=True`, JavaScript `{ shell: true }`;
 * - `location-header`: the first argument is the header name `Location`;
 * - `unrestricted-classes`: PHP `unserialize` without `allowed_classes => false` or a list;
 * - `object-mode`: Ruby `Oj.load` without `mode: :strict`/`:null`/`:compat`;
 * - `ldap-in-file`: the file mentions LDAP (`search` alone is too common a name);
 * - `xml-library-in-file`: the file uses lxml, ElementTree or defusedxml;
 * - `unsafe-yaml-loader`: PyYAML `load` without `SafeLoader`/`CSafeLoader`/`BaseLoader`;
 * - `node-serialize-imported`: the file imports `node-serialize` (its `unserialize` on any object);
 * - `no-arguments`: called without arguments (Java `url.openConnection()`);
 * - `curlopt-url`: PHP `curl_setopt($ch, CURLOPT_URL, …)`;
 * - `xpath-receiver`: the receiver is a javax.xml.xpath `XPath` (`xpf.newXPath()`, a variable named `xpath`/`xp`);
 * - `not-reduced-to-name`: the call's result is not cut to its last name at once (`Paths.get(x).getFileName()`, `new File(x).getName()`);
 * - `template-file`: (Python) the receiver is a file opened for writing in a `templates` directory or with a template extension.
 * On the value:
 * - `sql-text`: its constant text reads as SQL (`SELECT … FROM`, `WHERE`, …);
 * - `ldap-filter-text`: its constant text holds an LDAP filter (`(uid=`);
 * - `xpath-syntax`: its constant text starts as an XPath path (`//`, `./`, `[@`);
 * - `not-serialised`: not an object, array or number literal (which a framework sends as JSON);
 * - `looks-like-url`: it (or the request key it comes from) names a URL rather than a file (`$_GET['url']`, `'https://…'`);
 * - `xpath-text`: its constant text holds an XPath step or predicate (`/a`, `//a`, `[@id`, `user[`);
 * - `built-at-run-time`: a string assembled from values not proven constant;
 * - `string-shaped`: written as a string, template or concatenation (timers);
 * - `not-fixed-origin`: a URL that does not start with a fixed origin or local path (after the argument's `prefix`);
 * - `server-source`: only request data read on the server (not `location`/`document`) counts;
 * - `names-a-file`: (PHP, Go, Java, Ruby) the opposite of `looks-like-url`: a URL-like value belongs to the SSRF rule;
 * - `not-request-url-path`: not the request's own URL path (`r.URL.Path`), which Go's `http.ServeFile` refuses when it holds `..`;
 * - `not-another-sink`: not (following variables and argument-less calls on it, `f.toPath()`) the result of a call another row of the same spec claims: `new FileInputStream(new File(p))` is reported once, at `new File`.
 */
export type CallCondition = 'template-file' | 'html-response' | 'no-arguments' | 'curlopt-url' | 'xpath-receiver' | 'unsafe-yaml-loader' | 'node-serialize-imported' | 'not-new' | 'three-arguments' | 'shell-option' | 'location-header' | 'unrestricted-classes' | 'object-mode' | 'ldap-in-file' | 'xml-library-in-file' | 'not-reduced-to-name';
export type ValueCondition = 'not-serialised' | 'looks-like-url' | 'xpath-text' | 'sql-text' | 'ldap-filter-text' | 'xpath-syntax' | 'built-at-run-time' | 'string-shaped' | 'not-fixed-origin' | 'server-source' | 'names-a-file' | 'not-request-url-path' | 'not-another-sink';
export type SinkCondition = CallCondition | ValueCondition;

export interface SinkRow {
  /** Qualified call names (`child_process.exec`, `fs.readFile`; `new X` too) or patterns over them. A name without a dot is a call without a receiver. */
  readonly calls?: readonly (string | RegExp)[];
  /** Callee text as written (`RegExp`, `Kernel.system`), whatever the imports. */
  readonly names?: readonly string[];
  /** Free functions, in any letter case (PHP `system`, `mysqli_query`): no receiver, not `new`. */
  readonly functions?: readonly string[];
  /** Methods on a receiver (`query`, `search`); `receiver` narrows which. */
  readonly methods?: readonly string[];
  /** The receiver's text must match (`res`, `response`). */
  readonly receiver?: RegExp;
  /** Classes whose constructor is the sink (`new SearchRequest(…)`), by name as written or a pattern over it. */
  readonly constructors?: readonly (string | RegExp)[];
  /** Syntax node types that are sinks themselves (PHP backticks and `include`). */
  readonly nodes?: readonly string[];
  readonly argument: SinkArgument;
  /** What the sink does with the value, which decides the sanitisers that clear it (JavaScript/TypeScript and Python). */
  readonly kind: SinkKind;
  /**
   * The value as the evidence names it: `the SQL text of this query`. `{name}` is the callee as
   * written, `{chain}` the same with its inner argument lists shown as `(…)`, `{method}` its last segment, `{callee}` the callee's source text, `{construct}` a
   * `nodes` row's node type.
   */
  readonly what: string;
  readonly pattern?: SinkPattern;
  readonly when?: readonly SinkCondition[];
  /** Detail of a proven flow when not `Request data from {source} reaches {what}.` */
  readonly proven?: string;
  /** Detail of a pattern match when not `{What} is built at run time from values not proven constant.` */
  readonly unproven?: string;
  /**
   * (PHP, Go, Java, Ruby) The call only builds a path or URL object (`new File(base, name)`,
   * `base.resolve(name)`): it is not reported when the variable it is stored in is checked later
   * in the function so that the barrier rules make it safe (`file.getCanonicalPath().startsWith(base)`).
   */
  readonly constructs?: true;
}

/** Rows of one weakness for one framework or library family, with examples that run as tests. */
export interface SinkGroup {
  readonly title: string;
  /** The language family the rows apply to (`js`: JavaScript, TypeScript and TSX). */
  readonly language: TriggerFamily;
  readonly rows: readonly SinkRow[];
  readonly examples: readonly CodeExample[];
}

/** A weakness's sinks: the groups, calls that clear the value for every row (PHP, Go, Java, Ruby), and prefilter words the rows cannot give. */
export interface SinkSpec {
  readonly groups: readonly SinkGroup[];
  readonly sanitisers?: readonly string[];
  /** Extra prefilter terms per language family (`nodes` rows, callee patterns). */
  readonly triggers?: Readonly<Partial<Record<TriggerFamily, readonly Trigger[]>>>;
}

const FUNCTION_CALL_LIKE = new Set(['arrow_function', 'function_expression', 'object']);
/** Literals a web framework serialises as JSON, not HTML. */
const SERIALISED = new Set(['object', 'array', 'dictionary', 'list', 'number', 'integer']);
const STRING_SHAPES = new Set(['template_string', 'binary_expression', 'string']);

const LDAP_FILTER = /\(\s*[&|!]?\s*\(?\s*[\w.;-]+\s*[~<>]?=/;
const XPATH_START = /\[@|\/\/|^\.?\//;
const XPATH_TEXT = /^\s*\/|\[\s*@|\/\/|\w+\s*\[/;
/** Variable names taken for a javax.xml.xpath `XPath` (any case). */
export const XPATH_VARIABLE_NAMES = ['xpath', 'xp', 'xpathObj'];
const XPATH_VARIABLE = new RegExp(`^(?:${XPATH_VARIABLE_NAMES.join('|')})$`, 'i');
const XML_LIBRARY = /\b(?:lxml|xml\.etree|ElementTree|defusedxml)\b/;

/**
 * A `Content-Type` that is not HTML, declared in code: `writeHead(200, { 'content-type':
 * 'application/json' })`, `setHeader('Content-Type', 'text/plain')`, `res.type('json')`,
 * `res.set('Content-Type', …)`. A browser does not render such a body as markup.
 */
const NOT_HTML_TYPE = /(?:\.(?:type|contentType)\(\s*['"](?:json|text\/plain|application\/[\w.+-]*json|text\/csv|application\/octet-stream)['"]|['"]content-type['"]\s*[:,]\s*['"](?:application\/(?:[\w.+-]*json|octet-stream|x-ndjson)|text\/(?:plain|csv|event-stream)|image\/))/i;

/** Whether the function around a response write declares a non-HTML content type before it. */
function declaresNonHtmlType(ctx: RuleContext, call: QualifiedCall): boolean {
  const fn = enclosingFunction(call.node, ctx.language);
  const before = ctx.text.slice(fn ? fn.start : 0, call.node.start);
  return NOT_HTML_TYPE.test(before);
}

/** The call conditions, each defined once. */
const CALL_CONDITIONS: Readonly<Record<CallCondition, (ctx: RuleContext, call: QualifiedCall) => boolean>> = Object.freeze({
  'not-new': (_ctx, call) => !call.isNew,
  'template-file': (ctx, call) => writesTemplateFile(ctx, call),
  'html-response': (ctx, call) => !declaresNonHtmlType(ctx, call),
  'three-arguments': (_ctx, call) => call.args.length >= 3,
  'shell-option': (ctx, call) => isTrueLiteral(ctx, call.kwargs.get('shell')) || (!usesFunctionModel(ctx.language) && ctx.language !== 'python' && isTrueLiteral(ctx, option(ctx, call, 'shell'))),
  'location-header': (ctx, call) => constantString(ctx, call.args[0])?.toLowerCase() === 'location',
  'unrestricted-classes': (ctx, call) => {
    const options = call.args[1];
    return !(options && /allowed_classes['"]\s*=>\s*(?:false|\[)/i.test(textOf(ctx.text, options)));
  },
  'object-mode': (ctx, call) => !(call.name.startsWith('Oj.') && call.args.some((a) => /mode:\s*:(?:strict|null|compat)/.test(ctx.text.slice(a.start, a.end)))),
  'ldap-in-file': (ctx) => /ldap/i.test(ctx.text),
  'no-arguments': (_ctx, call) => call.args.length === 0,
  'curlopt-url': (ctx, call) => !!call.args[1] && textOf(ctx.text, call.args[1]) === 'CURLOPT_URL',
  'xpath-receiver': (ctx, call) => !!call.receiver && (/newXPath\s*\(\s*\)$/.test(textOf(ctx.text, resolve(ctx, call.receiver))) || XPATH_VARIABLE.test(textOf(ctx.text, call.receiver))),
  'unsafe-yaml-loader': (ctx, call) => {
    const loader = call.args[1] ?? call.kwargs.get('Loader');
    return !loader || !/SafeLoader|CSafeLoader|BaseLoader/.test(textOf(ctx.text, loader));
  },
  'node-serialize-imported': (ctx) => ctx.imports.modules.has('node-serialize'),
  'xml-library-in-file': (ctx) => XML_LIBRARY.test(ctx.text),
  'not-reduced-to-name': (ctx, call) => {
    const parent = call.node.parent;
    return !(parent?.type === 'method_invocation' && child(parent, 'object') === call.node && /^(?:getFileName|getName)$/.test(textOf(ctx.text, child(parent, 'name') ?? parent)));
  },
});

/** What a value condition may read besides the value: the row, and the spec's rows in the file's language. */
interface ConditionEnv {
  readonly row: SinkRow;
  readonly rows: readonly CompiledRow[];
}

/** The value conditions, each defined once. */
const VALUE_CONDITIONS: Readonly<Record<ValueCondition, (ctx: RuleContext, arg: SyntaxNode, env: ConditionEnv) => boolean>> = Object.freeze({
  'sql-text': (ctx, arg) => SQL_TEXT.test(constantText(ctx, arg)),
  'ldap-filter-text': (ctx, arg) => LDAP_FILTER.test(constantText(ctx, arg)),
  'not-serialised': (ctx, arg) => !SERIALISED.has(unwrap(arg, ctx.profile).type),
  'looks-like-url': (ctx, arg) => looksLikeUrl(ctx, arg),
  'names-a-file': (ctx, arg) => !looksLikeUrl(ctx, arg),
  'not-request-url-path': (ctx, arg) => !/\.URL\.Path$/.test(taintSource(ctx, arg, { kind: 'path' }) ?? ''),
  'not-another-sink': (ctx, arg, env) => {
    // Following variables and calls without arguments on the object (`f.toPath()`, `p.toFile()`).
    let call = callAt(ctx, resolve(ctx, arg));
    for (let hops = 0; call && hops < 4; hops++) {
      if (env.rows.some((r) => !r.row.nodes && calleeMatches(ctx, r, call as QualifiedCall))) return false;
      call = call.receiver && call.args.length === 0 && !call.isNew ? callAt(ctx, resolve(ctx, call.receiver)) : undefined;
    }
    return true;
  },
  'xpath-text': (ctx, arg) => XPATH_TEXT.test(constantText(ctx, arg)),
  'xpath-syntax': (ctx, arg) => XPATH_START.test(constantText(ctx, arg).trimStart()),
  'built-at-run-time': (ctx, arg) => PATTERNS.dynamic(ctx, arg),
  'string-shaped': (ctx, arg) => STRING_SHAPES.has(unwrap(arg, ctx.profile).type),
  'not-fixed-origin': (ctx, arg, env) => !hasFixedOrigin(ctx, arg, env.row.argument.prefix),
  // Applied to the flow found (check, below); as a precondition it always holds.
  'server-source': () => true,
});

/** What a condition needs in the file's text, as a prefilter term. */
const CONDITION_TRIGGERS: Readonly<Partial<Record<SinkCondition, Trigger | readonly Trigger[]>>> = Object.freeze({
  'sql-text': SQL_KEYWORDS,
  'ldap-in-file': /ldap/i,
  'xml-library-in-file': XML_LIBRARY,
  'location-header': /location/i,
  'shell-option': 'shell',
});

const isCallCondition = (c: SinkCondition): c is CallCondition => c in CALL_CONDITIONS;

/** Every named condition (for the test that each is used by some row). */
export const SINK_CONDITIONS: readonly SinkCondition[] = Object.freeze([...Object.keys(CALL_CONDITIONS), ...Object.keys(VALUE_CONDITIONS)] as SinkCondition[]);

const PATTERNS: Readonly<Record<SinkPattern, (ctx: RuleContext, arg: SyntaxNode) => boolean>> = Object.freeze({
  dynamic: (ctx, arg) => isDynamic(ctx, arg),
  'sql-dynamic': (ctx, arg) => SQL_TEXT.test(constantText(ctx, arg)) && PATTERNS.dynamic(ctx, arg),
  'evaluated-code': (ctx, arg) => !isHarmless(ctx, arg) && !FUNCTION_CALL_LIKE.has(unwrap(arg, ctx.profile).type),
  always: () => true,
  'outside-data': (ctx, arg) => !fromCode(ctx, arg, 0),
});

/** Decoders that turn a value into bytes without reading anything else. */
const PURE_DECODERS = new Set(['base64.b64decode', 'base64.urlsafe_b64decode', 'base64.standard_b64decode', 'base64.b32decode', 'base64.b16decode', 'base64.b85decode', 'binascii.unhexlify', 'binascii.a2b_base64', 'bytes.fromhex', 'codecs.decode', 'zlib.decompress', 'gzip.decompress']);
const PURE_METHODS = new Set(['encode', 'decode']);

/** Whether an expression only holds what the code itself wrote: a literal or proven constant, possibly decoded. */
function fromCode(ctx: RuleContext, node: SyntaxNode, depth: number): boolean {
  if (depth > 4) return false;
  if (ctx.taint.constantOf(node) !== UNKNOWN) return true;
  // Byte strings and strings with escapes are not folded as constants, but a literal is still the code's own.
  if (node.type === 'string' || node.type === 'concatenated_string') return !node.children.some((c) => c.type === 'interpolation');
  const call = ctx.calls.find((c) => c.node.start === node.start && c.node.end === node.end);
  if (!call) return false;
  const pure = PURE_DECODERS.has(call.qualified) || (call.receiver !== undefined && PURE_METHODS.has(call.method) && fromCode(ctx, call.receiver, depth + 1));
  return pure && call.args.every((a) => fromCode(ctx, a, depth + 1)) && [...call.kwargs.values()].every((a) => fromCode(ctx, a, depth + 1));
}

const lower = (names: readonly string[] | undefined): ReadonlySet<string> | undefined => (names ? new Set(names.map((n) => n.toLowerCase())) : undefined);

/** A row compiled for matching: sets instead of lists. */
interface CompiledRow {
  readonly row: SinkRow;
  readonly calls?: ReadonlySet<string>;
  readonly callPatterns: readonly RegExp[];
  readonly names?: ReadonlySet<string>;
  readonly functions?: ReadonlySet<string>;
  readonly methods?: ReadonlySet<string>;
  readonly sanitisers?: ReadonlySet<string>;
  readonly callConditions: readonly CallCondition[];
  readonly valueConditions: readonly ValueCondition[];
}

function compile(row: SinkRow, sanitisers: ReadonlySet<string> | undefined): CompiledRow {
  return {
    row,
    calls: row.calls ? new Set(row.calls.filter((c): c is string => typeof c === 'string')) : undefined,
    callPatterns: (row.calls ?? []).filter((c): c is RegExp => c instanceof RegExp),
    names: row.names ? new Set(row.names) : undefined,
    functions: lower(row.functions),
    methods: row.methods ? new Set(row.methods) : undefined,
    sanitisers,
    callConditions: (row.when ?? []).filter(isCallCondition),
    valueConditions: (row.when ?? []).filter((c): c is ValueCondition => !isCallCondition(c)),
  };
}

/** Whether a call is the row's callee. */
function calleeMatches(ctx: RuleContext, r: CompiledRow, call: QualifiedCall): boolean {
  return isCallee(ctx, r, call) && r.callConditions.every((c) => CALL_CONDITIONS[c](ctx, call));
}

function isCallee(ctx: RuleContext, r: CompiledRow, call: QualifiedCall): boolean {
  if (!isNamed(r, call)) return false;
  // The receiver pattern last: it reads the source text, the names are set lookups.
  const { receiver } = r.row;
  return !receiver || (!!call.receiver && (receiver.test(textOf(ctx.text, call.receiver)) || receiver.test(textOf(ctx.text, unwrap(call.receiver, ctx.profile)))));
}

const lowerNames = new WeakMap<QualifiedCall, string>();
/** A call's name in lower case, worked out once per call (PHP functions are matched in any case by many rows). */
function lowerName(call: QualifiedCall): string {
  let name = lowerNames.get(call);
  if (name === undefined) lowerNames.set(call, (name = call.name.toLowerCase()));
  return name;
}

function isNamed(r: CompiledRow, call: QualifiedCall): boolean {
  if (r.calls?.has(call.qualified) && (call.qualified.includes('.') || !call.receiver)) return true;
  if (r.callPatterns.some((p) => p.test(call.qualified))) return true;
  if (r.names?.has(call.name)) return true;
  if (call.isNew && r.row.constructors?.some((c) => (typeof c === 'string' ? c === call.name : c.test(call.name)))) return true;
  if (r.functions && !call.receiver && !call.isNew && r.functions.has(lowerName(call))) return true;
  return !!r.methods && !!call.receiver && !call.isNew && r.methods.has(call.method);
}

/** A Ruby keyword argument (`url: x`, `:url => x`) by name. */
function rubyKeyword(ctx: RuleContext, call: QualifiedCall, name: string): SyntaxNode | undefined {
  for (const a of call.args) {
    const [k, v] = a.type === 'pair' ? namedChildren(a) : [];
    if (k && textOf(ctx.text, k).replace(/^:|:$/g, '') === name) return v;
  }
  return undefined;
}

/** The candidate values of a call for a row, in order. */
function candidates(ctx: RuleContext, argument: SinkArgument, call: QualifiedCall): (SyntaxNode | undefined)[] {
  if ('node' in argument) return [];
  const { index } = argument;
  if (index === 'receiver') return [argument.url && call.receiver ? urlString(ctx, call.receiver) : call.receiver];
  const positional = (v: SyntaxNode | undefined) => (ctx.language === 'ruby' && argument.keywords && v?.type === 'pair' ? undefined : v);
  if (index === 'each') return call.args.map(positional);
  if (Array.isArray(index)) return index.map((i: number) => positional(call.args[i]));
  let value: SyntaxNode | undefined = typeof index !== 'number' ? undefined : index < 0 ? call.args.at(index) : call.args[index];
  value = positional(value);
  for (const k of argument.keywords ?? []) value ??= ctx.language === 'ruby' ? rubyKeyword(ctx, call, k) : call.kwargs.get(k);
  if (argument.url && value) return [urlString(ctx, value)];
  if (argument.tupleBody && value && ['tuple', 'expression_list'].includes(unwrap(value, ctx.profile).type)) return [namedChildren(unwrap(value, ctx.profile))[0]];
  if (argument.property !== undefined) return [value && unwrap(value, ctx.profile).type === 'object' ? option(ctx, { ...call, args: [value] }, argument.property) : undefined];
  if (argument.options && value && unwrap(value, ctx.profile).type === 'object') {
    value = undefined;
    for (const o of argument.options) value ??= option(ctx, call, o);
  }
  return [value];
}

const fill = (template: string, values: Readonly<Record<string, string>>): string => template.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);

/** What a matcher runs with: the spec's rows in the file's language, and the barrier rows when not the language's own. */
interface MatchEnv {
  readonly rows: readonly CompiledRow[];
  readonly barriers?: CompiledBarriers;
}

/** One row at one sink: the engine of the language, the row's pattern and the detail wording. */
function check(ctx: RuleContext, r: CompiledRow, at: SyntaxNode, call: QualifiedCall | undefined, arg: SyntaxNode | undefined, words: Readonly<Record<string, string>>, env: MatchEnv): Match | undefined {
  const { row } = r;
  const onSight = row.pattern === 'outside-data';
  const what = fill(row.what, words);
  const unproven = (m: Match): Match => (row.unproven ? { ...m, detail: fill(row.unproven, { ...words, what }) } : m);
  // A dangerous-on-sight sink whose value cannot be read (a keyword, `*args`) is still reported.
  if (!arg) return onSight && r.valueConditions.length === 0 ? unproven({ node: at }) : undefined;
  const { prefix } = row.argument;
  if (prefix && !prefix.test(leadingText(ctx, arg))) return undefined;
  if (r.valueConditions.some((c) => !VALUE_CONDITIONS[c](ctx, arg, { row, rows: env.rows }))) return undefined;
  // A safe option of the call itself (`allow_other_host: false`): a barrier row.
  if (call && hasSafeOption(ctx, call, row.kind, env.barriers)) return undefined;
  const pattern = row.pattern ? PATTERNS[row.pattern] : undefined;
  let m = sink(ctx, call ?? at, arg, { pattern: pattern ? (a) => pattern(ctx, a) : false, what, kind: row.kind, sanitisers: r.sanitisers, ...(env.barriers ? { barriers: env.barriers } : {}) });
  if (m?.taint && row.constructs && call && checkedWhereHeld(ctx, call.node, row.kind, env.barriers)) return undefined;
  // `server-source` rows: a source read in the browser is not request data (the JS/Python engine names such sources).
  if (m?.taint && row.when?.includes('server-source') && !usesFunctionModel(ctx.language) && isClientSource(m.taint.source)) return undefined;
  if (m?.taint && row.proven) m = { ...m, detail: fill(row.proven, { ...words, what, source: describeSource(ctx, m.taint) }) };
  if (!m || m.taint) return m;
  // On sight: the rule's severity, not capped as an unproven flow.
  return unproven(onSight ? { node: m.node, detail: m.detail } : m);
}

function languageRows(spec: SinkSpec, language: CodeLanguage, rows: ReadonlyMap<SinkGroup, readonly CompiledRow[]>): CompiledRow[] {
  const family = familyOf(language);
  return spec.groups.filter((g) => g.language === family).flatMap((g) => rows.get(g) ?? []);
}

/**
 * A language's call rows indexed by the names `isNamed` compares, so that a call is tried only
 * against the rows that could name it (most calls of a file are named by no row of a rule).
 * Rows matched by a pattern (a RegExp in `calls` or `constructors`) are tried on every call.
 */
class CallRowIndex {
  private readonly byQualified = new Map<string, number[]>();
  private readonly byName = new Map<string, number[]>();
  private readonly byFunction = new Map<string, number[]>();
  private readonly byMethod = new Map<string, number[]>();
  private readonly byConstructor = new Map<string, number[]>();
  /** Rows with a pattern over the qualified name: tried on every call. */
  private readonly patterned: number[] = [];
  /** Rows with a pattern over a constructor's name: tried on every `new`. */
  private readonly patternedConstructors: number[] = [];

  constructor(readonly rows: readonly CompiledRow[]) {
    rows.forEach((r, i) => {
      for (const c of r.calls ?? []) indexRow(this.byQualified, c, i);
      if (r.callPatterns.length > 0) this.patterned.push(i);
      for (const n of r.names ?? []) indexRow(this.byName, n, i);
      for (const f of r.functions ?? []) indexRow(this.byFunction, f, i);
      for (const m of r.methods ?? []) indexRow(this.byMethod, m, i);
      for (const c of r.row.constructors ?? []) {
        if (typeof c === 'string') indexRow(this.byConstructor, c, i);
        else if (this.patternedConstructors.at(-1) !== i) this.patternedConstructors.push(i);
      }
    });
  }

  /** The first row (in row order) whose callee the call is, as `rows.find(calleeMatches)` would find it. */
  first(ctx: RuleContext, call: QualifiedCall): CompiledRow | undefined {
    // Every row `isNamed` accepts is in one of these lists; each list is in row order.
    const byQualified = this.byQualified.get(call.qualified);
    const byName = this.byName.get(call.name);
    const patterned = this.patterned.length > 0 ? this.patterned : undefined;
    let byKind: readonly number[] | undefined;
    let patternedConstructors: readonly number[] | undefined;
    if (call.isNew) {
      byKind = this.byConstructor.get(call.name);
      if (this.patternedConstructors.length > 0) patternedConstructors = this.patternedConstructors;
    } else if (call.receiver) byKind = this.byMethod.get(call.method);
    else if (this.byFunction.size > 0) byKind = this.byFunction.get(lowerName(call));
    // Most calls are named by no row: settled without building a list.
    if (!byQualified && !byName && !patterned && !byKind && !patternedConstructors) return undefined;
    const lists = [byQualified, byName, patterned, byKind, patternedConstructors];
    let candidates: number[] | undefined;
    let only: readonly number[] | undefined;
    for (const list of lists) {
      if (!list) continue;
      if (!only) only = list;
      else (candidates ??= [...only]).push(...list);
    }
    if (!only) return undefined;
    if (candidates) candidates.sort((a, b) => a - b);
    let last = -1;
    for (const i of candidates ?? only) {
      if (i === last) continue;
      last = i;
      const r = this.rows[i] as CompiledRow;
      if (calleeMatches(ctx, r, call)) return r;
    }
    return undefined;
  }
}

/**
 * The matcher of a spec: calls first (in file order, the first row claiming a call decides), then node rows.
 * `barriers`: the barrier rows of a language to use instead of its own (the barrier tests leave one group out).
 */
export function sinkMatcher(spec: SinkSpec, options: { readonly barriers?: (language: CodeLanguage) => CompiledBarriers | undefined } = {}): (ctx: RuleContext) => Match[] {
  const sanitisers = spec.sanitisers ? new Set(spec.sanitisers) : undefined;
  const compiled = new Map(spec.groups.map((g) => [g, g.rows.map((row) => compile(row, sanitisers))] as const));
  const byLanguage = new Map<CodeLanguage, { rows: CompiledRow[]; callRows: CallRowIndex }>();
  return (ctx) => {
    let language = byLanguage.get(ctx.language);
    if (!language) {
      const all = languageRows(spec, ctx.language, compiled);
      byLanguage.set(ctx.language, (language = { rows: all, callRows: new CallRowIndex(all.filter((r) => !r.row.nodes)) }));
    }
    const { rows, callRows } = language;
    const barriers = options.barriers?.(ctx.language);
    const env: MatchEnv = barriers ? { rows, barriers } : { rows };
    const out: Match[] = [];
    for (const call of ctx.calls) {
      const r = callRows.first(ctx, call);
      if (!r) continue;
      const words = { name: call.name, chain: call.name.replace(/\(.*\)/s, '(…)'), method: call.method, callee: textOf(ctx.text, call.callee) };
      for (const arg of candidates(ctx, r.row.argument, call)) {
        const m = check(ctx, r, call.node, call, arg, words, env);
        if (m) {
          out.push(m);
          break;
        }
      }
    }
    for (const r of rows) {
      if (!r.row.nodes || !('node' in r.row.argument)) continue;
      for (const node of ctx.nodes.of(...r.row.nodes)) {
        const arg = r.row.argument.node === 'self' ? node : namedChildren(node)[0];
        const m = check(ctx, r, node, undefined, arg, { construct: node.type.replace(/_expression$/, '') }, env);
        if (m) out.push(m);
      }
    }
    return out;
  };
}

/**
 * The word a call named so must contain: the last segment's last run of word characters (`$queryRawUnsafe`
 * → `queryRawUnsafe`, Ruby's `exists?` → `exists`; a module called as a function, `node-fetch`, → `fetch`,
 * which its import names).
 */
const word = (name: string): string => name.slice(name.lastIndexOf('.') + 1).match(/\w+/g)?.at(-1) ?? name;

/**
 * The first segment of a dotted call name when it is a word (`child_process` of
 * `child_process.exec`): in JavaScript and Python a call is qualified only through the file's own
 * imports (Imports.qualify), so that word is in the text, as the receiver written or in the module
 * named by the import (`cp.exec` after `require('node:child_process')`). A callee written as is
 * (`names`) holds it too. Not for the function-model languages, which may qualify otherwise.
 */
const head = (name: string): string | undefined => {
  const dot = name.indexOf('.');
  const first = dot > 0 ? name.slice(0, dot) : undefined;
  return first !== undefined && /^\w+$/.test(first) ? first : undefined;
};

/**
 * Prefilter terms derived from the rows, per language family: each row's callee words, together
 * with what its conditions need in the text (`sql-text`: SQL keywords, `ldap-in-file`: `ldap`) and, for a row of
 * JavaScript or Python that reports proven flows only, the words of a request source. A family
 * with a callee pattern or a `nodes` row and no `triggers` for it in the spec always runs.
 */
export function sinkTriggers(spec: SinkSpec): RuleTriggers {
  const out: Partial<Record<TriggerFamily, readonly Trigger[]>> = {};
  for (const family of new Set(spec.groups.map((g) => g.language))) {
    const rows = spec.groups.filter((g) => g.language === family).flatMap((g) => g.rows);
    const extra = spec.triggers?.[family] ?? [];
    if (rows.some((r) => [...(r.calls ?? []), ...(r.constructors ?? [])].some((c) => c instanceof RegExp) || r.nodes) && extra.length === 0) continue;
    // Rows needing the same terms share one `all(words, terms)`.
    const byNeed = new Map<string, { words: Set<string>; heads: Map<string, Set<string>>; anyCase: Set<string>; needs: Trigger[] }>();
    const qualifies = family === 'js' || family === 'python';
    for (const r of rows) {
      if (r.nodes) continue;
      const needs: Trigger[] = [];
      const keys: string[] = [];
      for (const c of r.when ?? []) {
        const term = CONDITION_TRIGGERS[c];
        if (term === undefined) continue;
        needs.push(term);
        keys.push(c);
      }
      if (!r.pattern && (family === 'js' || family === 'python')) {
        const server = family === 'js' && r.when?.includes('server-source');
        needs.push(family === 'python' ? PYTHON_SOURCE_TRIGGERS : server ? JS_SERVER_SOURCE_TRIGGERS : JS_SOURCE_TRIGGERS);
        keys.push(server ? 'server' : 'source');
      }
      const key = keys.join('+');
      let entry = byNeed.get(key);
      if (!entry) byNeed.set(key, (entry = { words: new Set(), heads: new Map(), anyCase: new Set(), needs }));
      // A dotted call or callee name needs its first segment too (`head`); a method, any receiver.
      const callees = [...(r.calls ?? []), ...(r.names ?? [])].filter((c): c is string => typeof c === 'string');
      for (const c of callees) {
        const first = qualifies ? head(c) : undefined;
        if (first === undefined) entry.words.add(word(c));
        else {
          let heads = entry.heads.get(word(c));
          if (!heads) entry.heads.set(word(c), (heads = new Set()));
          heads.add(first);
        }
      }
      for (const c of r.constructors ?? []) if (typeof c === 'string') entry.words.add(word(c));
      for (const n of r.methods ?? []) entry.words.add(word(n));
      for (const f of r.functions ?? []) entry.anyCase.add(f);
    }
    const terms: Trigger[] = [];
    for (const { words, heads, anyCase: ci, needs } of byNeed.values()) {
      const callee: Trigger[] = [...words];
      // A word some row needs alone makes its dotted forms' heads moot.
      for (const [w, firsts] of heads) if (!words.has(w)) callee.push(all(w, [...firsts]));
      if (ci.size > 0) callee.push(anyCase(ci));
      terms.push(needs.length === 0 ? callee : all(callee, ...needs));
    }
    out[family] = [...terms, ...extra];
  }
  return out;
}

/** Rule metadata without the matcher and the examples: both come from the sink spec. */
export type TaintRuleMetadata = Omit<CodeRule, 'match' | 'triggers' | 'docs'> & {
  /** `examples`: only those of the hook's shapes (the groups bring their own). */
  readonly docs: Omit<CodeRule['docs'], 'examples'> & { readonly examples?: readonly CodeExample[] };
  /** Prefilter terms when the derived ones (sinkTriggers) are not precise enough. */
  readonly triggers?: RuleTriggers;
};

/** Code the rows cannot say (a structural shape of the same weakness), run after the rows. */
export type SinkHook = (ctx: RuleContext) => Match[];

/** The examples of the barrier groups (taint-barriers.ts) that name a rule, as its documentation shows them. */
const barrierExamples = (ruleId: string): CodeExample[] => TAINT_BARRIERS.flatMap((g) => g.examples.filter((e) => e.rule === ruleId).map(({ language, bad, good }) => ({ language, bad, good })));

/**
 * The one generic taint rule: metadata plus sink rows. The docs examples are the groups'
 * examples, then those of the barrier groups naming the rule, so the rule's page shows one pair
 * per framework and the checks that make a value safe.
 */
export function defineTaintRule(metadata: TaintRuleMetadata, spec: SinkSpec, hook?: SinkHook): CodeRule {
  const rows = sinkMatcher(spec);
  return defineRule({
    ...metadata,
    docs: { ...metadata.docs, examples: [...spec.groups.flatMap((g) => g.examples), ...barrierExamples(metadata.id), ...(metadata.docs.examples ?? [])] },
    triggers: metadata.triggers ?? sinkTriggers(spec),
    match: hook ? (ctx) => [...rows(ctx), ...hook(ctx)] : rows,
  });
}
