/**
 * Constant evaluation for JavaScript/TypeScript and Python expressions: the value an expression
 * has on every run, when the analysis can prove it (literals, and arithmetic, comparisons,
 * membership tests, indexing, slicing and a few string methods over them; identifiers through a
 * resolver the taint engine supplies). Used to drop branches that never run (`if 7 * 42 - num >
 * 200:` with `num = 86`, `match` on a constant subject, `c ? a : b` with a constant `c`), to read
 * lists and maps by constant index or key, and by the pattern checks.
 *
 * Values are JSON-like: numbers, strings, booleans, null (`None`, `null`, `undefined`), arrays
 * (lists, tuples, JS arrays) and `ConstMap` (dicts, JS objects with constant keys). Anything the
 * evaluator does not model is UNKNOWN: the evaluation is sound for the subset it understands and
 * gives up otherwise.
 */
import { child, namedChildren, stringValue, textOf, unwrap } from './ast.js';
import { roleSwitch, type LanguageProfile } from './language-profile.js';
import type { SyntaxNode } from './parser.js';

export class ConstMap {
  constructor(readonly entries: ReadonlyMap<string, Const>) {}
}
export type Const = number | string | boolean | null | readonly Const[] | ConstMap;
export const UNKNOWN = Symbol('unknown');
export type ConstResult = Const | typeof UNKNOWN;

/** What the evaluator needs from its caller: the constant an identifier holds at its use. */
export interface ConstEnv {
  readonly text: string;
  readonly python: boolean;
  /** The node kinds and fields of the language (language-profile.ts). */
  readonly profile: LanguageProfile;
  identifier(node: SyntaxNode): ConstResult;
}

const MAX_DEPTH = 12;
const MAX_STRING = 10_000;
/** Larger literal lists and maps are data tables, not values a condition is built from: not folded. */
const MAX_ITEMS = 256;

/** A canonical key for a constant (map keys, keyed container slots): `"a"`, `1`. */
export const keyOf = (value: Const): string => (value instanceof ConstMap ? '{}' : JSON.stringify(value));

/** Python and JavaScript truthiness (`[]` and `{}` are true in JavaScript, false in Python). */
export function truthy(value: Const, python: boolean): boolean {
  if (value === null || value === false || value === 0 || value === '') return false;
  if (typeof value === 'number' && Number.isNaN(value)) return false;
  if (python && Array.isArray(value)) return value.length > 0;
  if (python && value instanceof ConstMap) return value.entries.size > 0;
  return true;
}

/** The truth of a condition when constant, else undefined. */
export function truthOf(env: ConstEnv, node: SyntaxNode | undefined): boolean | undefined {
  if (!node) return undefined;
  const v = constantOf(env, node);
  return v === UNKNOWN ? undefined : truthy(v, env.python);
}

const isList = (v: Const): v is readonly Const[] => Array.isArray(v);

function equal(a: Const, b: Const): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'boolean') return a === Number(b);
  if (typeof a === 'boolean' && typeof b === 'number') return Number(a) === b;
  if (isList(a) && isList(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i] as Const));
  return false;
}

function parseNumber(raw: string, python: boolean): number | undefined {
  const t = raw.replace(/_/g, '').replace(/[nlL]$/, '');
  if (python && /[jJ]$/.test(t)) return undefined;
  if (/^0[xX][0-9a-fA-F]+$/.test(t)) return parseInt(t.slice(2), 16);
  if (/^0[oO][0-7]+$/.test(t)) return parseInt(t.slice(2), 8);
  if (/^0[bB][01]+$/.test(t)) return parseInt(t.slice(2), 2);
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

/** The syntax constantOf reads, by role of the node's kind. */
const CONSTANT_ROLES = roleSwitch([
  'numbers',
  'trueLiterals',
  'falseLiterals',
  'nullLiterals',
  'strings',
  'templates',
  'concatenatedStrings',
  'identifiers',
  'unaries',
  'negations',
  'booleanOperators',
  'binaries',
  'comparisons',
  'inlineIfs',
  'ternaries',
  'lists',
  'tuples',
  'maps',
  'subscripts',
  'members',
  'calls',
] as const);

/** The constant value of an expression, or UNKNOWN. */
export function constantOf(env: ConstEnv, node: SyntaxNode | undefined, depth = 0): ConstResult {
  if (!node || depth > MAX_DEPTH) return UNKNOWN;
  const { profile } = env;
  const { fields } = profile;
  const n = unwrap(node, profile);
  const sub = (x: SyntaxNode | undefined): ConstResult => constantOf(env, x, depth + 1);
  switch (CONSTANT_ROLES(profile).get(n.type)) {
    case 'numbers':
      return parseNumber(textOf(env.text, n), env.python) ?? UNKNOWN;
    case 'trueLiterals':
      return true;
    case 'falseLiterals':
      return false;
    case 'nullLiterals':
      return null;
    case 'strings':
    case 'templates':
    case 'concatenatedStrings':
      return stringConstant(env, n, depth);
    case 'identifiers': {
      const name = textOf(env.text, n);
      if (profile.nullNames.includes(name)) return null;
      return env.identifier(n);
    }
    case 'unaries': {
      const raw = textOf(env.text, n).trimStart();
      if (raw.startsWith('typeof') || raw.startsWith('void') || raw.startsWith('delete')) return UNKNOWN;
      const v = sub(child(n, fields.unaries.argument) ?? namedChildren(n)[0]);
      if (v === UNKNOWN) return UNKNOWN;
      switch (raw[0]) {
        case '!':
          return !truthy(v, false);
        case '-':
          return typeof v === 'number' ? -v : typeof v === 'boolean' ? -Number(v) : UNKNOWN;
        case '+':
          return typeof v === 'number' ? v : env.python ? UNKNOWN : typeof v === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(v) ? Number(v) : UNKNOWN;
        case '~':
          return typeof v === 'number' && Number.isInteger(v) ? ~v : UNKNOWN;
        default:
          return UNKNOWN;
      }
    }
    case 'negations': {
      const v = sub(child(n, fields.negations.argument));
      return v === UNKNOWN ? UNKNOWN : !truthy(v, true);
    }
    case 'booleanOperators': {
      const f = fields.booleanOperators;
      const left = sub(child(n, f.left));
      if (left === UNKNOWN) return UNKNOWN;
      const op = operator(env, n, f.operator);
      if (op === 'and') return truthy(left, true) ? sub(child(n, f.right)) : left;
      if (op === 'or') return truthy(left, true) ? left : sub(child(n, f.right));
      return UNKNOWN;
    }
    case 'binaries':
      return binary(env, n, depth);
    case 'comparisons':
      return comparison(env, n, depth);
    case 'inlineIfs': {
      const [a, cond, b] = namedChildren(n);
      const c = sub(cond);
      return c === UNKNOWN ? UNKNOWN : truthy(c, true) ? sub(a) : sub(b);
    }
    case 'ternaries': {
      const f = fields.ternaries;
      const c = sub(child(n, f.condition));
      return c === UNKNOWN ? UNKNOWN : truthy(c, false) ? sub(child(n, f.consequence)) : sub(child(n, f.alternative));
    }
    case 'lists':
    case 'tuples': {
      const items: Const[] = [];
      const children = namedChildren(n);
      if (children.length > MAX_ITEMS) return UNKNOWN;
      for (const c of children) {
        const v = sub(c);
        if (v === UNKNOWN) return UNKNOWN;
        items.push(v);
      }
      return items;
    }
    case 'maps': {
      const entries = new Map<string, Const>();
      const pairs = namedChildren(n);
      if (pairs.length > MAX_ITEMS) return UNKNOWN;
      for (const p of pairs) {
        if (!profile.kinds.pairs.has(p.type)) return UNKNOWN;
        const k = child(p, fields.pairs.key);
        const key = k && (profile.kinds.propertyIdentifiers.has(k.type) ? textOf(env.text, k) : sub(k));
        const v = sub(child(p, fields.pairs.value));
        if (key === undefined || key === UNKNOWN || v === UNKNOWN) return UNKNOWN;
        entries.set(keyOf(key), v);
      }
      return new ConstMap(entries);
    }
    case 'subscripts':
      return subscript(env, n, depth);
    case 'members': {
      const prop = child(n, fields.members.property);
      if (!prop || env.python || textOf(env.text, prop) !== 'length') return UNKNOWN;
      const v = sub(child(n, fields.members.object));
      return typeof v === 'string' || Array.isArray(v) ? (v as string | Const[]).length : UNKNOWN;
    }
    case 'calls':
      return call(env, n, depth);
    default:
      return UNKNOWN;
  }
}

function operator(env: ConstEnv, n: SyntaxNode, field: string | undefined): string {
  const op = n.children.find((c) => c.field === field) ?? n.children.find((c) => !c.named);
  return op ? textOf(env.text, op) : '';
}

function stringConstant(env: ConstEnv, n: SyntaxNode, depth: number): ConstResult {
  const { kinds, fields } = env.profile;
  const plain = stringValue(env.text, n, env.profile);
  if (plain !== undefined) {
    // Python byte strings are not str: comparisons with str are always false, so do not fold them.
    if (env.python && /^[rRuUfF]*[bB]/.test(textOf(env.text, n))) return UNKNOWN;
    return plain.includes('\\') ? UNKNOWN : plain;
  }
  if (kinds.concatenatedStrings.has(n.type)) {
    let out = '';
    for (const part of namedChildren(n)) {
      const v = constantOf(env, part, depth + 1);
      if (typeof v !== 'string') return UNKNOWN;
      out += v;
    }
    return out;
  }
  let out = '';
  for (const c of n.children) {
    if (kinds.stringTexts.has(c.type)) out += textOf(env.text, c);
    else if (kinds.escapes.has(c.type)) return UNKNOWN;
    else if (kinds.interpolations.has(c.type)) {
      const f = fields.interpolations;
      if (child(c, f.format) || child(c, f.conversion)) return UNKNOWN;
      const v = constantOf(env, child(c, f.value) ?? namedChildren(c)[0], depth + 1);
      const s = display(v, env.python);
      if (s === undefined) return UNKNOWN;
      out += s;
    }
  }
  return out.length > MAX_STRING ? UNKNOWN : out;
}

/** How a constant prints in an f-string or template (`str(x)` / `String(x)`), for scalars only. */
function display(v: ConstResult, python: boolean): string | undefined {
  if (v === UNKNOWN || typeof v === 'object') return v === null ? (python ? 'None' : 'null') : undefined;
  if (typeof v === 'boolean') return python ? (v ? 'True' : 'False') : String(v);
  if (typeof v === 'number') return python && Number.isInteger(v) ? v.toFixed(0) : String(v);
  return v;
}

function binary(env: ConstEnv, n: SyntaxNode, depth: number): ConstResult {
  const leftNode = child(n, env.profile.fields.binaries.left);
  const rightNode = child(n, env.profile.fields.binaries.right);
  if (!leftNode || !rightNode) return UNKNOWN;
  const op = env.text.slice(leftNode.end, rightNode.start).trim();
  const left = constantOf(env, leftNode, depth + 1);
  if (left === UNKNOWN) return UNKNOWN;
  // JavaScript short-circuit operators.
  if (op === '&&') return truthy(left, false) ? constantOf(env, rightNode, depth + 1) : left;
  if (op === '||') return truthy(left, false) ? left : constantOf(env, rightNode, depth + 1);
  if (op === '??') return left === null ? constantOf(env, rightNode, depth + 1) : left;
  const right = constantOf(env, rightNode, depth + 1);
  if (right === UNKNOWN) return UNKNOWN;
  if (!env.python && ['===', '!==', '==', '!=', '<', '>', '<=', '>=', 'in', 'instanceof'].includes(op)) return compare(op, left, right, false);
  return arithmetic(op, left, right, env.python);
}

function arithmetic(op: string, a: Const, b: Const, python: boolean): ConstResult {
  const num = (x: Const): number | undefined => (typeof x === 'number' ? x : typeof x === 'boolean' ? Number(x) : undefined);
  const x = num(a);
  const y = num(b);
  if (op === '+') {
    if (x !== undefined && y !== undefined) return x + y;
    if (typeof a === 'string' && typeof b === 'string') return a.length + b.length > MAX_STRING ? UNKNOWN : a + b;
    if (python && isList(a) && isList(b)) return [...a, ...b];
    if (!python && (typeof a === 'string' || typeof b === 'string')) {
      const s = `${display(a, false) ?? ''}${display(b, false) ?? ''}`;
      return display(a, false) === undefined || display(b, false) === undefined || s.length > MAX_STRING ? UNKNOWN : s;
    }
    return UNKNOWN;
  }
  if (op === '*' && python) {
    const times = typeof a === 'string' || isList(a) ? y : typeof b === 'string' || isList(b) ? x : undefined;
    const seq = typeof a === 'string' || isList(a) ? a : b;
    if (times !== undefined && (typeof seq === 'string' || isList(seq))) {
      if (times * seq.length > MAX_STRING) return UNKNOWN;
      if (typeof seq === 'string') return seq.repeat(Math.max(0, times));
      const out: Const[] = [];
      for (let i = 0; i < times; i++) out.push(...seq);
      return out;
    }
  }
  if (x === undefined || y === undefined) return UNKNOWN;
  switch (op) {
    case '-':
      return x - y;
    case '*':
      return x * y;
    case '/':
      return y === 0 ? UNKNOWN : x / y;
    case '//':
      return python && y !== 0 ? Math.floor(x / y) : UNKNOWN;
    case '%':
      if (y === 0) return UNKNOWN;
      return python ? x - y * Math.floor(x / y) : x % y;
    case '**':
      return x ** y;
    case '&':
      return x & y;
    case '|':
      return x | y;
    case '^':
      return x ^ y;
    case '<<':
      return x << y;
    case '>>':
      return x >> y;
    default:
      return UNKNOWN;
  }
}

function contains(container: Const, item: Const): boolean | undefined {
  if (typeof container === 'string') return typeof item === 'string' ? container.includes(item) : undefined;
  if (isList(container)) return container.some((x) => equal(x, item));
  if (container instanceof ConstMap) return container.entries.has(keyOf(item));
  return undefined;
}

function compare(op: string, a: Const, b: Const, python: boolean): ConstResult {
  switch (op) {
    case '==':
    case '===':
      return op === '===' && typeof a !== typeof b ? false : equal(a, b);
    case '!=':
    case '!==':
      return op === '!==' && typeof a !== typeof b ? true : !equal(a, b);
    case 'is':
      return a === null || b === null || typeof a === 'boolean' || typeof b === 'boolean' ? a === b : UNKNOWN;
    case 'is not':
      return a === null || b === null || typeof a === 'boolean' || typeof b === 'boolean' ? a !== b : UNKNOWN;
    case 'in':
      if (!python) return b instanceof ConstMap ? b.entries.has(keyOf(a)) : UNKNOWN;
      return contains(b, a) ?? UNKNOWN;
    case 'not in': {
      const c = contains(b, a);
      return c === undefined ? UNKNOWN : !c;
    }
    case '<':
    case '>':
    case '<=':
    case '>=': {
      const comparable = (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
      if (!comparable) return UNKNOWN;
      const [x, y] = [a, b] as [number | string, number | string];
      return op === '<' ? x < y : op === '>' ? x > y : op === '<=' ? x <= y : x >= y;
    }
    default:
      return UNKNOWN;
  }
}

/** Python chained comparisons: `a < b <= c`, `x not in y`, `v is not None`. */
function comparison(env: ConstEnv, n: SyntaxNode, depth: number): ConstResult {
  const operands = namedChildren(n);
  if (operands.length < 2) return UNKNOWN;
  let left = constantOf(env, operands[0], depth + 1);
  if (left === UNKNOWN) return UNKNOWN;
  for (let i = 1; i < operands.length; i++) {
    const prev = operands[i - 1] as SyntaxNode;
    const next = operands[i] as SyntaxNode;
    const op = env.text.slice(prev.end, next.start).replace(/\s+/g, ' ').trim();
    const right = constantOf(env, next, depth + 1);
    if (right === UNKNOWN) return UNKNOWN;
    const r = compare(op, left, right, true);
    if (r === UNKNOWN) return UNKNOWN;
    if (r === false) return false;
    left = right;
  }
  return true;
}

function index(value: Const, key: Const): ConstResult {
  if (value instanceof ConstMap) return value.entries.has(keyOf(key)) ? (value.entries.get(keyOf(key)) as Const) : UNKNOWN;
  if (typeof key !== 'number' || !Number.isInteger(key)) return UNKNOWN;
  if (typeof value === 'string' || Array.isArray(value)) {
    const seq = value as string | readonly Const[];
    const i = key < 0 ? seq.length + key : key;
    if (i < 0 || i >= seq.length) return UNKNOWN;
    return typeof seq === 'string' ? (seq[i] as string) : (seq[i] as Const);
  }
  return UNKNOWN;
}

function subscript(env: ConstEnv, n: SyntaxNode, depth: number): ConstResult {
  const f = env.profile.fields.subscripts;
  const obj = child(n, f.object);
  const idx = child(n, f.index);
  if (!obj || !idx) return UNKNOWN;
  const value = constantOf(env, obj, depth + 1);
  if (value === UNKNOWN) return UNKNOWN;
  if (env.profile.kinds.slices.has(idx.type)) {
    if (typeof value !== 'string' && !Array.isArray(value)) return UNKNOWN;
    const bounds = sliceBounds(env, idx, depth);
    if (!bounds) return UNKNOWN;
    const seq: string | readonly Const[] = value;
    const norm = (b: number | undefined, d: number): number => (b === undefined ? d : b < 0 ? Math.max(0, seq.length + b) : Math.min(b, seq.length));
    return seq.slice(norm(bounds[0], 0), norm(bounds[1], seq.length));
  }
  const key = constantOf(env, idx, depth + 1);
  return key === UNKNOWN ? UNKNOWN : index(value, key);
}

/** `a:b` without a step: the bounds, undefined for an omitted one; null when not constant. */
function sliceBounds(env: ConstEnv, slice: SyntaxNode, depth: number): [number | undefined, number | undefined] | null {
  const parts: (SyntaxNode | undefined)[] = [undefined];
  for (const c of slice.children) {
    if (!c.named && textOf(env.text, c) === ':') parts.push(undefined);
    else if (c.named) parts[parts.length - 1] = c;
  }
  if (parts.length !== 2) return null;
  const bound = (x: SyntaxNode | undefined): number | undefined | null => {
    if (!x) return undefined;
    const v = constantOf(env, x, depth + 1);
    return typeof v === 'number' && Number.isInteger(v) ? v : null;
  };
  const a = bound(parts[0]);
  const b = bound(parts[1]);
  return a === null || b === null ? null : [a, b];
}

const STRING_METHODS: Readonly<Record<string, (s: string, args: Const[]) => ConstResult>> = {
  lower: (s) => s.toLowerCase(),
  upper: (s) => s.toUpperCase(),
  toLowerCase: (s) => s.toLowerCase(),
  toUpperCase: (s) => s.toUpperCase(),
  strip: (s, a) => (a.length === 0 ? s.trim() : UNKNOWN),
  trim: (s) => s.trim(),
  startswith: (s, [p]) => (typeof p === 'string' ? s.startsWith(p) : UNKNOWN),
  endswith: (s, [p]) => (typeof p === 'string' ? s.endsWith(p) : UNKNOWN),
  startsWith: (s, [p]) => (typeof p === 'string' ? s.startsWith(p) : UNKNOWN),
  endsWith: (s, [p]) => (typeof p === 'string' ? s.endsWith(p) : UNKNOWN),
  includes: (s, [p]) => (typeof p === 'string' ? s.includes(p) : UNKNOWN),
  charAt: (s, [i]) => (typeof i === 'number' ? s.charAt(i) : UNKNOWN),
  indexOf: (s, [p]) => (typeof p === 'string' ? s.indexOf(p) : UNKNOWN),
  find: (s, [p]) => (typeof p === 'string' ? s.indexOf(p) : UNKNOWN),
  replace: (s, [a, b]) => (typeof a === 'string' && typeof b === 'string' ? s.split(a).join(b) : UNKNOWN),
};

const PY_FUNCTIONS = new Set(['len', 'str', 'int', 'bool']);
const JS_FUNCTIONS = new Set(['String', 'Boolean']);

function call(env: ConstEnv, n: SyntaxNode, depth: number): ConstResult {
  const { kinds, fields } = env.profile;
  const fn = child(n, fields.calls.callee);
  const argsNode = child(n, fields.calls.arguments);
  if (!fn || !argsNode || !kinds.argumentLists.has(argsNode.type)) return UNKNOWN;
  // Only calls the evaluator knows: decided by the callee before any argument is evaluated.
  const callee = unwrap(fn, env.profile);
  const isName = kinds.identifiers.has(callee.type);
  const isMember = kinds.members.has(callee.type);
  if (isName) {
    if (!(env.python ? PY_FUNCTIONS : JS_FUNCTIONS).has(textOf(env.text, callee))) return UNKNOWN;
  } else if (isMember) {
    const prop = child(callee, fields.members.property);
    const method = prop ? textOf(env.text, prop) : '';
    if (!(method in STRING_METHODS) && method !== 'join' && method !== 'get') return UNKNOWN;
  } else return UNKNOWN;
  const rawArgs = namedChildren(argsNode);
  if (rawArgs.some((a) => kinds.keywordArguments.has(a.type) || kinds.spreads.has(a.type) || kinds.mapSpreads.has(a.type))) return UNKNOWN;
  const args: Const[] = [];
  for (const a of rawArgs) {
    const v = constantOf(env, a, depth + 1);
    if (v === UNKNOWN) return UNKNOWN;
    args.push(v);
  }
  if (isName) {
    const name = textOf(env.text, callee);
    const [a] = args;
    if (args.length !== 1 || a === undefined) return UNKNOWN;
    if (name === 'len' && env.python) return typeof a === 'string' || Array.isArray(a) ? (a as string | Const[]).length : a instanceof ConstMap ? a.entries.size : UNKNOWN;
    if ((name === 'str' && env.python) || (name === 'String' && !env.python)) return display(a, env.python) ?? UNKNOWN;
    if (name === 'int' && env.python) return typeof a === 'number' ? Math.trunc(a) : typeof a === 'string' && /^\s*[-+]?\d+\s*$/.test(a) ? parseInt(a, 10) : typeof a === 'boolean' ? Number(a) : UNKNOWN;
    if (name === 'bool' && env.python) return truthy(a, true);
    if (name === 'Boolean' && !env.python) return truthy(a, false);
    return UNKNOWN;
  }
  if (!isMember) return UNKNOWN;
  const prop = child(callee, fields.members.property);
  const receiver = constantOf(env, child(callee, fields.members.object), depth + 1);
  if (!prop || receiver === UNKNOWN) return UNKNOWN;
  const method = textOf(env.text, prop);
  if (typeof receiver === 'string') {
    const f = STRING_METHODS[method];
    if (f) return f(receiver, args);
    if (method === 'join' && env.python && args.length === 1 && Array.isArray(args[0]) && (args[0] as Const[]).every((x) => typeof x === 'string')) return (args[0] as string[]).join(receiver);
  }
  if (receiver instanceof ConstMap && method === 'get' && env.python && args.length >= 1) {
    const k = keyOf(args[0] as Const);
    return receiver.entries.has(k) ? (receiver.entries.get(k) as Const) : (args[1] ?? null);
  }
  return UNKNOWN;
}
