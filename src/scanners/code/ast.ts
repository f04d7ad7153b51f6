/**
 * Small helpers over the copied syntax tree shared by the taint engine and the
 * rules: child access by field, literal values, call shapes for JavaScript/
 * TypeScript and Python.
 */
import { profileOf } from './language-profile.js';
import type { CodeLanguage, SyntaxNode } from './parser.js';

export const namedChildren = (node: SyntaxNode): SyntaxNode[] => node.children.filter((c) => c.named && c.type !== 'comment');

export const child = (node: SyntaxNode, field: string): SyntaxNode | undefined => node.children.find((c) => c.field === field);

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
  of(...types: string[]): SyntaxNode[] {
    if (types.length === 1) return this.byType.get(types[0] as string) ?? [];
    return types.flatMap((t) => this.byType.get(t) ?? []).sort((a, b) => a.start - b.start);
  }
}

const WRAPPERS = new Set(['parenthesized_expression', 'as_expression', 'non_null_expression', 'satisfies_expression', 'type_assertion']);

/** Strips parentheses and TypeScript-only wrappers. */
export function unwrap(node: SyntaxNode): SyntaxNode {
  let current = node;
  while (WRAPPERS.has(current.type)) {
    const inner = namedChildren(current)[0];
    if (!inner) break;
    current = inner;
  }
  return current;
}

/** The value of a string literal without interpolation (JS string, plain template, Python string), else undefined. */
export function stringValue(text: string, node: SyntaxNode | undefined): string | undefined {
  if (!node) return undefined;
  const n = unwrap(node);
  if (n.type === 'string' || n.type === 'template_string') {
    if (n.children.some((c) => c.type === 'template_substitution' || c.type === 'interpolation')) return undefined;
    let value = '';
    for (const c of n.children) {
      if (c.type === 'string_fragment' || c.type === 'string_content' || c.type === 'escape_sequence') value += textOf(text, c);
    }
    return value;
  }
  if (n.type === 'concatenated_string') {
    let value = '';
    for (const part of namedChildren(n)) {
      const v = stringValue(text, part);
      if (v === undefined) return undefined;
      value += v;
    }
    return value;
  }
  return undefined;
}

const LITERAL_TYPES = new Set(['number', 'integer', 'float', 'true', 'false', 'null', 'undefined', 'none', 'regex']);

/** A constant: a string without interpolation, a number, a boolean, null. */
export function isLiteral(text: string, node: SyntaxNode | undefined): boolean {
  if (!node) return false;
  const n = unwrap(node);
  return LITERAL_TYPES.has(n.type) || stringValue(text, n) !== undefined;
}

export const isString = (node: SyntaxNode): boolean => ['string', 'template_string', 'concatenated_string'].includes(unwrap(node).type);

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

/** The shape of a call (`call_expression`, `new_expression`, Python `call`), or undefined for other nodes. */
export function callShape(text: string, node: SyntaxNode): CallShape | undefined {
  let callee: SyntaxNode | undefined;
  let argsNode: SyntaxNode | undefined;
  if (node.type === 'call_expression' || node.type === 'call') {
    callee = child(node, 'function');
    argsNode = child(node, 'arguments');
  } else if (node.type === 'new_expression') {
    callee = child(node, 'constructor');
    argsNode = child(node, 'arguments');
  } else return undefined;
  if (!callee) return undefined;
  const inner = unwrap(callee);
  let receiver: SyntaxNode | undefined;
  let method = '';
  if (inner.type === 'member_expression' || inner.type === 'attribute') {
    receiver = child(inner, 'object');
    const prop = child(inner, inner.type === 'attribute' ? 'attribute' : 'property');
    method = prop ? textOf(text, prop) : '';
  } else method = textOf(text, inner);
  const args: SyntaxNode[] = [];
  const kwargs = new Map<string, SyntaxNode>();
  if (argsNode && (argsNode.type === 'arguments' || argsNode.type === 'argument_list')) {
    for (const a of namedChildren(argsNode)) {
      if (a.type === 'keyword_argument') {
        const k = child(a, 'name');
        const v = child(a, 'value');
        if (k && v) kwargs.set(textOf(text, k), v);
      } else args.push(a);
    }
  } else if (argsNode?.type === 'template_string') args.push(argsNode);
  return {
    node,
    callee: inner,
    name: textOf(text, inner).replace(/\s+/g, '').replace(/\?\./g, '.'),
    method: method.replace(/^\?\./, ''),
    receiver,
    args,
    kwargs,
    isNew: node.type === 'new_expression',
  };
}

/** A property of an object literal (JS `object`, Python `dictionary`) by key. */
export function objectProperty(text: string, node: SyntaxNode | undefined, key: string): SyntaxNode | undefined {
  if (!node) return undefined;
  const n = unwrap(node);
  if (n.type !== 'object' && n.type !== 'dictionary') return undefined;
  for (const p of namedChildren(n)) {
    if (p.type === 'pair') {
      const k = child(p, 'key');
      if (!k) continue;
      const name = k.type === 'property_identifier' || k.type === 'identifier' ? textOf(text, k) : stringValue(text, k);
      if (name === key) return child(p, 'value');
    } else if (p.type === 'shorthand_property_identifier' && textOf(text, p) === key) return p;
  }
  return undefined;
}

/** Member chain `a.b.c` as segments (`['a','b','c']`); calls and subscripts with constant keys are stepped through. */
export function memberChain(text: string, node: SyntaxNode): string[] | undefined {
  const segments: string[] = [];
  let current = unwrap(node);
  for (;;) {
    if (current.type === 'member_expression' || current.type === 'attribute') {
      const prop = child(current, current.type === 'attribute' ? 'attribute' : 'property');
      const obj = child(current, 'object');
      if (!prop || !obj) return undefined;
      segments.unshift(textOf(text, prop));
      current = unwrap(obj);
    } else if (current.type === 'subscript_expression' || current.type === 'subscript') {
      const obj = child(current, current.type === 'subscript' ? 'value' : 'object');
      const index = child(current, current.type === 'subscript' ? 'subscript' : 'index');
      const key = stringValue(text, index);
      if (!obj) return undefined;
      segments.unshift(key ?? '[]');
      current = unwrap(obj);
    } else if (current.type === 'call_expression' || current.type === 'call') {
      const fn = child(current, 'function');
      if (!fn) return undefined;
      segments.unshift('()');
      current = unwrap(fn);
    } else if (current.type === 'identifier' || current.type === 'this' || current.type === 'property_identifier') {
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

/** The 1-based line text of a node's first line. */
export function lineText(text: string, node: SyntaxNode): string {
  const start = text.lastIndexOf('\n', node.start - 1) + 1;
  const endIdx = text.indexOf('\n', node.start);
  return text.slice(start, endIdx === -1 ? text.length : endIdx);
}

/** Name a value is stored under: `const token = …`, `user.token = …`, `{ token: … }`, `token = …` (Python). */
export function assignedName(text: string, node: SyntaxNode): string | undefined {
  for (let p: SyntaxNode | null = node, depth = 0; p?.parent && depth < 6; p = p.parent, depth++) {
    const parent: SyntaxNode = p.parent;
    if (parent.type === 'variable_declarator' && p.field === 'value') return textOf(text, child(parent, 'name') ?? parent);
    if ((parent.type === 'assignment_expression' || parent.type === 'assignment' || parent.type === 'augmented_assignment_expression') && p.field === 'right') {
      const left = child(parent, 'left');
      return left ? textOf(text, left) : undefined;
    }
    if (parent.type === 'pair' && p.field === 'value') {
      const key = child(parent, 'key');
      return key ? textOf(text, key) : undefined;
    }
    if (parent.type === 'keyword_argument' && p.field === 'value') {
      const key = child(parent, 'name');
      return key ? textOf(text, key) : undefined;
    }
    if (parent.type === 'return_statement' || parent.type === 'statement_block' || parent.type === 'block' || parent.type === 'expression_statement') return undefined;
  }
  return undefined;
}
