/**
 * Small helpers over the copied syntax tree shared by the taint engine and the
 * rules: child access by field, literal values, call shapes for JavaScript/
 * TypeScript and Python. Node kinds and fields come from the language's profile
 * (language-profile.ts), passed as the last argument.
 */
import { COMMENT_KIND, profileOf, type LanguageProfile } from './language-profile.js';
import type { CodeLanguage, SyntaxNode } from './parser.js';

/**
 * The named children other than comments. (Counted loops here and in `child`: both run several times per
 * node of a file, mostly before V8 optimises them, and there a `for…of` allocates an iterator and a
 * result object per child: a fifth of what a scan of mongoose allocated on the code scanner's thread.)
 */
export function namedChildren(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const children = node.children;
  for (let i = 0; i < children.length; i++) {
    const c = children[i] as SyntaxNode;
    if (c.named && c.type !== COMMENT_KIND) out.push(c);
  }
  return out;
}

/** The first child under a field (none when the language has no such field: `field` undefined). */
export function child(node: SyntaxNode, field: string | undefined): SyntaxNode | undefined {
  if (field === undefined) return undefined;
  const children = node.children;
  for (let i = 0; i < children.length; i++) if ((children[i] as SyntaxNode).field === field) return children[i];
  return undefined;
}

export const textOf = (text: string, node: SyntaxNode): string => text.slice(node.start, node.end);

/** Whether `inner` lies inside `outer` (or is it). */
export const contains = (outer: SyntaxNode, inner: SyntaxNode): boolean => inner.start >= outer.start && inner.end <= outer.end;

/** Every node of the subtree in document order (iterative). */
export function* descendants(node: SyntaxNode): Generator<SyntaxNode> {
  const stack: SyntaxNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as SyntaxNode;
    yield current;
    for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i] as SyntaxNode);
  }
}

/** Nodes by type, built once per file, each list in document order. */
export class NodeIndex {
  private readonly byType: Map<string, SyntaxNode[]>;
  /** Lists of several types merged in document order, by the types joined: rules ask for the same few sets again and again. */
  private readonly merged = new Map<string, SyntaxNode[]>();
  /** `byType`: the same lists gathered while copying the tree (`ParsedFile.nodesByType`), taken as they are. */
  constructor(root: SyntaxNode, byType?: ReadonlyMap<string, SyntaxNode[]>) {
    this.byType = new Map(byType);
    if (byType) return;
    for (const node of descendants(root)) {
      if (!node.named) continue;
      let list = this.byType.get(node.type);
      if (!list) this.byType.set(node.type, (list = []));
      list.push(node);
    }
  }
  /** The nodes of these types in document order. The list is shared between callers: read it, never change it. */
  of(...types: string[]): SyntaxNode[] {
    if (types.length === 1) return this.byType.get(types[0] as string) ?? [];
    const key = types.join('\n');
    let list = this.merged.get(key);
    if (!list) {
      // Each list is in document order already: merged pairwise, an earlier type's node first at
      // equal starts (what a stable sort of the lists joined gives, without the sort).
      list = [];
      for (const t of types) list = mergeByStart(list, this.byType.get(t) ?? []);
      this.merged.set(key, list);
    }
    return list;
  }
}

/** Two lists ordered by start merged into one, `a`'s nodes first at equal starts. */
function mergeByStart(a: SyntaxNode[], b: SyntaxNode[]): SyntaxNode[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out: SyntaxNode[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as SyntaxNode;
    const y = b[j] as SyntaxNode;
    if (y.start < x.start) {
      out.push(y);
      j++;
    } else {
      out.push(x);
      i++;
    }
  }
  while (i < a.length) out.push(a[i++] as SyntaxNode);
  while (j < b.length) out.push(b[j++] as SyntaxNode);
  return out;
}

/** Strips parentheses and TypeScript-only wrappers (the profile's `wrappers`). */
export function unwrap(node: SyntaxNode, profile: LanguageProfile): SyntaxNode {
  const wrappers = profile.kinds.wrappers;
  let current = node;
  while (wrappers.has(current.type)) {
    const inner = namedChildren(current)[0];
    if (!inner) break;
    current = inner;
  }
  return current;
}

/** The value of a string literal without interpolation (JS string, plain template, Python string), else undefined. */
export function stringValue(text: string, node: SyntaxNode | undefined, profile: LanguageProfile): string | undefined {
  if (!node) return undefined;
  const n = unwrap(node, profile);
  const { kinds } = profile;
  if (kinds.strings.has(n.type) || kinds.templates.has(n.type)) {
    if (n.children.some((c) => kinds.interpolations.has(c.type))) return undefined;
    let value = '';
    for (const c of n.children) {
      if (kinds.stringTexts.has(c.type) || kinds.escapes.has(c.type)) value += textOf(text, c);
    }
    return value;
  }
  if (kinds.concatenatedStrings.has(n.type)) {
    let value = '';
    for (const part of namedChildren(n)) {
      const v = stringValue(text, part, profile);
      if (v === undefined) return undefined;
      value += v;
    }
    return value;
  }
  return undefined;
}

/** A number, boolean, null or regular expression literal (no string). */
export function isScalarLiteral(node: SyntaxNode, profile: LanguageProfile): boolean {
  const { kinds } = profile;
  const t = node.type;
  return kinds.numbers.has(t) || kinds.trueLiterals.has(t) || kinds.falseLiterals.has(t) || kinds.nullLiterals.has(t) || kinds.regexLiterals.has(t);
}

/** A constant: a string without interpolation, a number, a boolean, null. */
export function isLiteral(text: string, node: SyntaxNode | undefined, profile: LanguageProfile): boolean {
  if (!node) return false;
  const n = unwrap(node, profile);
  return isScalarLiteral(n, profile) || stringValue(text, n, profile) !== undefined;
}

export interface CallShape {
  readonly node: SyntaxNode;
  /** The called expression. */
  readonly callee: SyntaxNode;
  /** Callee text with whitespace removed (`db.query`, `os.system`). */
  readonly name: string;
  /** Last segment of the callee (`query`, `system`). */
  readonly method: string;
  /** Object of a method call, if any. */
  readonly receiver: SyntaxNode | undefined;
  /** Positional arguments. */
  readonly args: SyntaxNode[];
  /** Python keyword arguments by name. */
  readonly kwargs: ReadonlyMap<string, SyntaxNode>;
  readonly isNew: boolean;
}

/** The shape of a call (the profile's `calls` and `constructions`: `f(x)`, `new C(x)`), or undefined for other nodes. */
export function callShape(text: string, node: SyntaxNode, profile: LanguageProfile): CallShape | undefined {
  const { kinds, fields } = profile;
  let callee: SyntaxNode | undefined;
  let argsNode: SyntaxNode | undefined;
  const isNew = kinds.constructions.has(node.type);
  if (kinds.calls.has(node.type)) {
    callee = child(node, fields.calls.callee);
    argsNode = child(node, fields.calls.arguments);
  } else if (isNew) {
    callee = child(node, fields.constructions.callee);
    argsNode = child(node, fields.constructions.arguments);
  } else return undefined;
  if (!callee) return undefined;
  const inner = unwrap(callee, profile);
  let receiver: SyntaxNode | undefined;
  let method = '';
  if (kinds.members.has(inner.type)) {
    receiver = child(inner, fields.members.object);
    const prop = child(inner, fields.members.property);
    method = prop ? textOf(text, prop) : '';
  } else method = textOf(text, inner);
  const args: SyntaxNode[] = [];
  // Most calls have no keyword arguments (JavaScript never): they share one empty map.
  let kwargs: Map<string, SyntaxNode> | undefined;
  if (argsNode && kinds.argumentLists.has(argsNode.type)) {
    const named = namedChildren(argsNode);
    for (let i = 0; i < named.length; i++) {
      const a = named[i] as SyntaxNode;
      if (kinds.keywordArguments.has(a.type)) {
        const k = child(a, fields.keywordArguments.name);
        const v = child(a, fields.keywordArguments.value);
        if (k && v) (kwargs ??= new Map()).set(textOf(text, k), v);
      } else args.push(a);
    }
  } else if (argsNode && kinds.templates.has(argsNode.type)) args.push(argsNode);
  const calleeText = textOf(text, inner);
  return {
    node,
    callee: inner,
    name: /\s|\?\./.test(calleeText) ? calleeText.replace(/\s+/g, '').replace(/\?\./g, '.') : calleeText,
    method: method.startsWith('?.') ? method.slice(2) : method,
    receiver,
    args,
    kwargs: kwargs ?? NO_KWARGS,
    isNew,
  };
}

const NO_KWARGS: ReadonlyMap<string, SyntaxNode> = new Map();

/** A property of an object literal (JS `object`, Python `dictionary`) by key. */
export function objectProperty(text: string, node: SyntaxNode | undefined, key: string, profile: LanguageProfile): SyntaxNode | undefined {
  if (!node) return undefined;
  const { kinds, fields } = profile;
  const n = unwrap(node, profile);
  if (!kinds.maps.has(n.type)) return undefined;
  for (const p of namedChildren(n)) {
    if (kinds.pairs.has(p.type)) {
      const k = child(p, fields.pairs.key);
      if (!k) continue;
      const name = kinds.propertyIdentifiers.has(k.type) || kinds.identifiers.has(k.type) ? textOf(text, k) : stringValue(text, k, profile);
      if (name === key) return child(p, fields.pairs.value);
    } else if (kinds.shorthandProperties.has(p.type) && textOf(text, p) === key) return p;
  }
  return undefined;
}

/** Member chain `a.b.c` as segments (`['a','b','c']`); calls and subscripts with constant keys are stepped through. */
export function memberChain(text: string, node: SyntaxNode, profile: LanguageProfile): string[] | undefined {
  const { kinds, fields } = profile;
  const segments: string[] = [];
  let current = unwrap(node, profile);
  for (;;) {
    const t = current.type;
    if (kinds.members.has(t)) {
      const prop = child(current, fields.members.property);
      const obj = child(current, fields.members.object);
      if (!prop || !obj) return undefined;
      segments.unshift(textOf(text, prop));
      current = unwrap(obj, profile);
    } else if (kinds.subscripts.has(t)) {
      const obj = child(current, fields.subscripts.object);
      const index = child(current, fields.subscripts.index);
      const key = stringValue(text, index, profile);
      if (!obj) return undefined;
      segments.unshift(key ?? '[]');
      current = unwrap(obj, profile);
    } else if (kinds.calls.has(t)) {
      const fn = child(current, fields.calls.callee);
      if (!fn) return undefined;
      segments.unshift('()');
      current = unwrap(fn, profile);
    } else if (kinds.identifiers.has(t) || kinds.thisKeywords.has(t) || kinds.propertyIdentifiers.has(t)) {
      segments.unshift(textOf(text, current));
      return segments;
    } else return undefined;
  }
}

/** The kinds of functions, methods and lambdas of a language: the scopes of both engines (language-profile.ts). */
export const functionTypes = (language: CodeLanguage): ReadonlySet<string> => profileOf(language).kinds.functions;

/** The nearest enclosing function node, or undefined at module level. */
export function enclosingFunction(node: SyntaxNode, language: CodeLanguage): SyntaxNode | undefined {
  const types = functionTypes(language);
  for (let p = node.parent; p; p = p.parent) if (types.has(p.type)) return p;
  return undefined;
}

/** Where the line holding `offset` starts (lines split at "\n" alone, as the parser splits them). */
const lineStartOf = (text: string, offset: number): number => text.lastIndexOf('\n', offset - 1) + 1;

/** The 0-based column of a node's start, in UTF-16 code units from its line's start. */
export const columnOf = (text: string, node: SyntaxNode): number => node.start - lineStartOf(text, node.start);

/** The 1-based line text of a node's first line. */
export function lineText(text: string, node: SyntaxNode): string {
  const start = lineStartOf(text, node.start);
  const endIdx = text.indexOf('\n', node.start);
  return text.slice(start, endIdx === -1 ? text.length : endIdx);
}

/**
 * Name a value is stored under: `const token = …`, `user.token = …`, `{ token: … }`, `token = …` (Python).
 * Assignments are the profile's `assignments` and `assignmentExpressions` (JavaScript `x += v`; Python's `x += v`,
 * a statement, is not one).
 */
export function assignedName(text: string, node: SyntaxNode, profile: LanguageProfile): string | undefined {
  const { kinds, fields } = profile;
  for (let p: SyntaxNode | null = node, depth = 0; p?.parent && depth < 6; p = p.parent, depth++) {
    const parent: SyntaxNode = p.parent;
    const t = parent.type;
    if (kinds.declarators.has(t) && p.field === fields.declarators.value) return textOf(text, child(parent, fields.declarators.name) ?? parent);
    const assignment = kinds.assignments.has(t) ? fields.assignments : kinds.assignmentExpressions.has(t) ? fields.assignmentExpressions : undefined;
    if (assignment && p.field === assignment.right) {
      const left = child(parent, assignment.left);
      return left ? textOf(text, left) : undefined;
    }
    if (kinds.pairs.has(t) && p.field === fields.pairs.value) {
      const key = child(parent, fields.pairs.key);
      return key ? textOf(text, key) : undefined;
    }
    if (kinds.keywordArguments.has(t) && p.field === fields.keywordArguments.value) {
      const key = child(parent, fields.keywordArguments.name);
      return key ? textOf(text, key) : undefined;
    }
    if (kinds.returns.has(t) || kinds.blocks.has(t) || kinds.expressionStatements.has(t)) return undefined;
  }
  return undefined;
}
