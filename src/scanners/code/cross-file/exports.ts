/**
 * The functions a file exports, by the name another module imports them under:
 * - JavaScript/TypeScript: `export function f`, `export const f = (…) => …`, `export { f, g as h }`,
 *   `export default function …` / `export default f` (`default`), CommonJS `module.exports = { f, g: h,
 *   k(x) { … } }`, `module.exports.f = …`, `exports.f = …`, and `module.exports = f` (`default`: the
 *   module itself is the function);
 * - Python: the functions defined at the top level of the module.
 * Only functions whose definition is in the file count (a re-export from another module does not).
 */
import { child, namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';

const JS_FUNCTIONS = new Set(['function_declaration', 'function_expression', 'function', 'arrow_function', 'generator_function_declaration', 'generator_function', 'method_definition']);

/** Exported name → function node. */
export function exportedFunctions(root: SyntaxNode, text: string, python: boolean): Map<string, SyntaxNode> {
  return python ? pythonExports(root, text) : jsExports(root, text);
}

function pythonExports(root: SyntaxNode, text: string): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  for (const statement of namedChildren(root)) {
    const fn = statement.type === 'decorated_definition' ? child(statement, 'definition') : statement;
    const name = fn?.type === 'function_definition' ? child(fn, 'name') : undefined;
    if (fn && name) out.set(textOf(text, name), fn);
  }
  return out;
}

/** Top-level functions by their local name (`function f`, `const f = () => …`). */
function localFunctions(root: SyntaxNode, text: string): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  for (const statement of namedChildren(root)) {
    const declaration = statement.type === 'export_statement' ? (child(statement, 'declaration') ?? statement) : statement;
    if (declaration.type === 'function_declaration' || declaration.type === 'generator_function_declaration') {
      const name = child(declaration, 'name');
      if (name) out.set(textOf(text, name), declaration);
    } else if (declaration.type === 'lexical_declaration' || declaration.type === 'variable_declaration') {
      for (const d of namedChildren(declaration)) {
        const name = child(d, 'name');
        const value = child(d, 'value');
        if (d.type === 'variable_declarator' && name?.type === 'identifier' && value && JS_FUNCTIONS.has(value.type)) out.set(textOf(text, name), value);
      }
    }
  }
  return out;
}

function jsExports(root: SyntaxNode, text: string): Map<string, SyntaxNode> {
  const local = localFunctions(root, text);
  const out = new Map<string, SyntaxNode>();
  /** A function node for an exported value: a function written there, or a local function named. */
  const fnOf = (value: SyntaxNode | undefined): SyntaxNode | undefined => {
    if (!value) return undefined;
    if (JS_FUNCTIONS.has(value.type)) return value;
    return value.type === 'identifier' ? local.get(textOf(text, value)) : undefined;
  };
  const set = (name: string, fn: SyntaxNode | undefined): void => {
    if (fn && !out.has(name)) out.set(name, fn);
  };
  for (const statement of namedChildren(root)) {
    if (statement.type === 'export_statement') esExport(statement, text, local, set, fnOf);
    else if (statement.type === 'expression_statement') {
      const assign = namedChildren(statement)[0];
      if (assign?.type === 'assignment_expression') commonJsExport(assign, text, local, set, fnOf);
    }
  }
  return out;
}

type Setter = (name: string, fn: SyntaxNode | undefined) => void;
type FunctionOf = (value: SyntaxNode | undefined) => SyntaxNode | undefined;

function esExport(statement: SyntaxNode, text: string, local: Map<string, SyntaxNode>, set: Setter, fnOf: FunctionOf): void {
  const isDefault = statement.children.some((c) => !c.named && c.type === 'default');
  const declaration = child(statement, 'declaration');
  if (declaration) {
    const name = child(declaration, 'name');
    if (name && (declaration.type === 'function_declaration' || declaration.type === 'generator_function_declaration')) set(isDefault ? 'default' : textOf(text, name), declaration);
    else for (const [n, fn] of local) if (fn.start >= declaration.start && fn.end <= declaration.end) set(n, fn);
    return;
  }
  const value = child(statement, 'value');
  if (value) return set('default', fnOf(value));
  const clause = namedChildren(statement).find((c) => c.type === 'export_clause');
  // `export { f } from './x'` re-exports another module's function: not defined here.
  if (!clause || child(statement, 'source')) return;
  for (const spec of namedChildren(clause)) {
    const name = child(spec, 'name');
    const alias = child(spec, 'alias') ?? name;
    if (name && alias) set(textOf(text, alias), local.get(textOf(text, name)));
  }
}

function commonJsExport(assign: SyntaxNode, text: string, local: Map<string, SyntaxNode>, set: Setter, fnOf: FunctionOf): void {
  const left = child(assign, 'left');
  const right = child(assign, 'right');
  if (!left || !right) return;
  const target = textOf(text, left).replace(/\s+/g, '');
  const member = /^(?:module\.)?exports\.([\w$]+)$/.exec(target);
  if (member) return set(member[1] as string, fnOf(right));
  if (target !== 'module.exports') return;
  if (right.type !== 'object') return set('default', fnOf(right));
  for (const p of namedChildren(right)) {
    if (p.type === 'shorthand_property_identifier') set(textOf(text, p), local.get(textOf(text, p)));
    else if (p.type === 'pair') {
      const key = child(p, 'key');
      if (key) set(textOf(text, key).replace(/^['"]|['"]$/g, ''), fnOf(child(p, 'value')));
    } else if (p.type === 'method_definition') {
      const name = child(p, 'name');
      if (name) set(textOf(text, name), p);
    }
  }
}
