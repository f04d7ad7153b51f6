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
import { PROFILES, type LanguageProfile } from '../language-profile.js';
import type { SyntaxNode } from '../parser.js';

/** Exported name → function node. */
export function exportedFunctions(root: SyntaxNode, text: string, python: boolean): Map<string, SyntaxNode> {
  return python ? pythonExports(root, text, PROFILES.python) : jsExports(root, text, PROFILES.javascript);
}

function pythonExports(root: SyntaxNode, text: string, p: LanguageProfile): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  for (const statement of namedChildren(root)) {
    const fn = p.kinds.decoratedDefinitions.has(statement.type) ? child(statement, p.fields.decoratedDefinitions.definition) : statement;
    const name = fn && p.kinds.functionDeclarations.has(fn.type) ? child(fn, p.fields.functions.name) : undefined;
    if (fn && name) out.set(textOf(text, name), fn);
  }
  return out;
}

/** Top-level functions by their local name (`function f`, `const f = () => …`). */
function localFunctions(root: SyntaxNode, text: string, p: LanguageProfile): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  for (const statement of namedChildren(root)) {
    const declaration = p.kinds.exports.has(statement.type) ? (child(statement, p.fields.exports.declaration) ?? statement) : statement;
    if (p.kinds.functionDeclarations.has(declaration.type)) {
      const name = child(declaration, p.fields.functions.name);
      if (name) out.set(textOf(text, name), declaration);
    } else if (p.kinds.declarations.has(declaration.type)) {
      for (const d of namedChildren(declaration)) {
        const name = child(d, p.fields.declarators.name);
        const value = child(d, p.fields.declarators.value);
        if (p.kinds.declarators.has(d.type) && name && p.kinds.identifiers.has(name.type) && value && p.kinds.functions.has(value.type)) out.set(textOf(text, name), value);
      }
    }
  }
  return out;
}

function jsExports(root: SyntaxNode, text: string, p: LanguageProfile): Map<string, SyntaxNode> {
  const local = localFunctions(root, text, p);
  const out = new Map<string, SyntaxNode>();
  /** A function node for an exported value: a function written there, or a local function named. */
  const fnOf = (value: SyntaxNode | undefined): SyntaxNode | undefined => {
    if (!value) return undefined;
    if (p.kinds.functions.has(value.type)) return value;
    return p.kinds.identifiers.has(value.type) ? local.get(textOf(text, value)) : undefined;
  };
  const set = (name: string, fn: SyntaxNode | undefined): void => {
    if (fn && !out.has(name)) out.set(name, fn);
  };
  for (const statement of namedChildren(root)) {
    if (p.kinds.exports.has(statement.type)) esExport(statement, text, p, local, set, fnOf);
    else if (p.kinds.expressionStatements.has(statement.type)) {
      const assign = namedChildren(statement)[0];
      if (assign && p.kinds.assignments.has(assign.type)) commonJsExport(assign, text, p, local, set, fnOf);
    }
  }
  return out;
}

type Setter = (name: string, fn: SyntaxNode | undefined) => void;
type FunctionOf = (value: SyntaxNode | undefined) => SyntaxNode | undefined;

function esExport(statement: SyntaxNode, text: string, p: LanguageProfile, local: Map<string, SyntaxNode>, set: Setter, fnOf: FunctionOf): void {
  const isDefault = statement.children.some((c) => !c.named && c.type === p.defaultKeyword);
  const declaration = child(statement, p.fields.exports.declaration);
  if (declaration) {
    const name = child(declaration, p.fields.functions.name);
    if (name && p.kinds.functionDeclarations.has(declaration.type)) set(isDefault ? 'default' : textOf(text, name), declaration);
    else for (const [n, fn] of local) if (fn.start >= declaration.start && fn.end <= declaration.end) set(n, fn);
    return;
  }
  const value = child(statement, p.fields.exports.value);
  if (value) return set('default', fnOf(value));
  const clause = namedChildren(statement).find((c) => p.kinds.exportClauses.has(c.type));
  // `export { f } from './x'` re-exports another module's function: not defined here.
  if (!clause || child(statement, p.fields.exports.source)) return;
  for (const spec of namedChildren(clause)) {
    const name = child(spec, p.fields.exportSpecifiers.name);
    const alias = child(spec, p.fields.exportSpecifiers.alias) ?? name;
    if (name && alias) set(textOf(text, alias), local.get(textOf(text, name)));
  }
}

function commonJsExport(assign: SyntaxNode, text: string, p: LanguageProfile, local: Map<string, SyntaxNode>, set: Setter, fnOf: FunctionOf): void {
  const left = child(assign, p.fields.assignments.left);
  const right = child(assign, p.fields.assignments.right);
  if (!left || !right) return;
  const target = textOf(text, left).replace(/\s+/g, '');
  const member = /^(?:module\.)?exports\.([\w$]+)$/.exec(target);
  if (member) return set(member[1] as string, fnOf(right));
  if (target !== 'module.exports') return;
  if (!p.kinds.maps.has(right.type)) return set('default', fnOf(right));
  for (const e of namedChildren(right)) {
    if (p.kinds.shorthandProperties.has(e.type)) set(textOf(text, e), local.get(textOf(text, e)));
    else if (p.kinds.pairs.has(e.type)) {
      const key = child(e, p.fields.pairs.key);
      if (key) set(textOf(text, key).replace(/^['"]|['"]$/g, ''), fnOf(child(e, p.fields.pairs.value)));
    } else if (p.kinds.methods.has(e.type)) {
      const name = child(e, p.fields.functions.name);
      if (name) set(textOf(text, name), e);
    }
  }
}
