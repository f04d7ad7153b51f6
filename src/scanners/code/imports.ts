/**
 * Module aliases of a file, so that rules can match `child_process.exec`
 * whether it is written `cp.exec(…)`, `exec(…)` after a destructured require,
 * or `import { exec } from 'node:child_process'`; likewise Python imports.
 * Both import syntaxes are read through the language's profile: a language
 * without their node kinds (PHP, Go, Java, Ruby) has no aliases here.
 */
import { child, namedChildren, stringValue, textOf } from './ast.js';
import type { LanguageProfile } from './language-profile.js';
import type { SyntaxNode } from './parser.js';

const normaliseModule = (name: string): string =>
  name
    .replace(/^node:/, '')
    .replace(/^fs\/promises$/, 'fs')
    .replace(/^(child_process|fs|path|crypto|vm|http|https)\/.*$/, '$1');

/** Where a local name comes from: a module as written (`../lib/insecurity`, `.utils`) and the name imported from it, or the module object itself. */
export interface ImportOrigin {
  readonly module: string;
  /** The exported name; undefined for the module object (`import * as m`, `require('m')`, a default import, Python `import m`). */
  readonly name?: string;
}

/** A function of another module, as a call names it: `security.hash(x)` after `import * as security from '../lib/insecurity'`. */
export interface ImportedFunction {
  readonly module: string;
  /** The exported name (`default` for the module object called itself); dotted for a Python submodule's function (`utils.check`). */
  readonly name: string;
}

export class Imports {
  /** Local name → qualified name (`cp` → `child_process`, `exec` → `child_process.exec`). */
  readonly aliases = new Map<string, string>();
  readonly modules = new Set<string>();
  /** Local name → the module and name it was imported from. */
  readonly origins = new Map<string, ImportOrigin>();

  constructor(text: string, profile: LanguageProfile, nodes: (type: string) => SyntaxNode[]) {
    this.ecmascript(text, profile, nodes);
    this.python(text, profile, nodes);
  }

  private add(local: string, qualified: string, origin: ImportOrigin): void {
    this.aliases.set(local, qualified);
    this.modules.add(qualified.split('.')[0] as string);
    this.origins.set(local, origin);
  }

  /**
   * The function of another module a call by this name reaches (`security.hash` → module
   * `../lib/insecurity`, name `hash`; `hash` after a named import), or undefined when the name is
   * not imported.
   */
  importedFunction(callee: string): ImportedFunction | undefined {
    const dot = callee.indexOf('.');
    const head = dot === -1 ? callee : callee.slice(0, dot);
    const rest = dot === -1 ? '' : callee.slice(dot + 1);
    const origin = this.origins.get(head);
    if (!origin) return undefined;
    if (origin.name === undefined) return { module: origin.module, name: rest === '' ? 'default' : rest };
    return { module: origin.module, name: rest === '' ? origin.name : `${origin.name}.${rest}` };
  }

  /** `import x from 'm'`, `import * as x`, `import { a as b }`, `const x = require('m')`, `const { a, b: c } = require('m')`. */
  private ecmascript(text: string, profile: LanguageProfile, nodes: (type: string) => SyntaxNode[]): void {
    const { kinds, fields } = profile;
    for (const kind of kinds.imports) {
      for (const imp of nodes(kind)) {
        const source = stringValue(text, child(imp, fields.imports.source), profile);
        if (source === undefined) continue;
        const mod = normaliseModule(source);
        this.modules.add(mod);
        const clause = namedChildren(imp).find((c) => kinds.importClauses.has(c.type));
        if (!clause) continue;
        for (const part of namedChildren(clause)) {
          if (kinds.identifiers.has(part.type)) this.add(textOf(text, part), mod, { module: source });
          else if (kinds.namespaceImports.has(part.type)) {
            const id = namedChildren(part)[0];
            if (id) this.add(textOf(text, id), mod, { module: source });
          } else if (kinds.namedImports.has(part.type)) {
            for (const spec of namedChildren(part)) {
              const name = child(spec, fields.importSpecifiers.name);
              const alias = child(spec, fields.importSpecifiers.alias) ?? name;
              if (name && alias) this.add(textOf(text, alias), `${mod}.${textOf(text, name)}`, { module: source, name: textOf(text, name) });
            }
          }
        }
      }
    }
    for (const kind of kinds.declarators) {
      for (const decl of nodes(kind)) {
        const value = child(decl, fields.declarators.value);
        const name = child(decl, fields.declarators.name);
        if (!value || !name) continue;
        const req = requiredModule(text, value, profile);
        if (!req) continue;
        const required = normaliseModule(req.module) + (req.path.length > 0 ? `.${req.path.join('.')}` : '');
        // `require('m').a.b`: the module object's property path (only its first name is an export).
        const origin = (member?: string): ImportOrigin => {
          const path = member === undefined ? req.path : [...req.path, member];
          return path.length === 0 ? { module: req.module } : { module: req.module, name: path.join('.') };
        };
        if (kinds.identifiers.has(name.type)) this.add(textOf(text, name), required, origin());
        else if (kinds.destructurings.has(name.type)) {
          for (const p of namedChildren(name)) {
            if (kinds.shorthandPatterns.has(p.type)) this.add(textOf(text, p), `${required}.${textOf(text, p)}`, origin(textOf(text, p)));
            else if (kinds.pairPatterns.has(p.type)) {
              const k = child(p, fields.pairPatterns.key);
              const v = child(p, fields.pairPatterns.value);
              if (k && v && kinds.identifiers.has(v.type)) this.add(textOf(text, v), `${required}.${textOf(text, k)}`, origin(textOf(text, k)));
            }
          }
        }
      }
    }
  }

  /** `import a.b`, `import a as b`, `from m import a, b as c`. */
  private python(text: string, profile: LanguageProfile, nodes: (type: string) => SyntaxNode[]): void {
    const { kinds, fields } = profile;
    // `from m import a` (module m, name a) or `import a.b as c` (the module object a.b).
    const named = (part: SyntaxNode, from: string | undefined): void => {
      const prefix = from === undefined ? '' : `${from}.`;
      const origin = (n: string): ImportOrigin => (from === undefined ? { module: n } : { module: from, name: n });
      if (kinds.dottedNames.has(part.type)) this.add(textOf(text, part), `${prefix}${textOf(text, part)}`, origin(textOf(text, part)));
      else if (kinds.aliasedImports.has(part.type)) {
        const name = child(part, fields.aliasedImports.name);
        const alias = child(part, fields.aliasedImports.alias);
        if (name && alias) this.add(textOf(text, alias), `${prefix}${textOf(text, name)}`, origin(textOf(text, name)));
      }
    };
    for (const kind of kinds.imports) {
      for (const imp of nodes(kind)) {
        for (const part of namedChildren(imp)) {
          if (kinds.dottedNames.has(part.type)) {
            const full = textOf(text, part);
            const head = full.split('.')[0] as string;
            this.add(head, head, { module: head });
            this.modules.add(full);
          } else named(part, undefined);
        }
      }
    }
    for (const kind of kinds.fromImports) {
      for (const imp of nodes(kind)) {
        const mod = child(imp, fields.fromImports.module);
        if (!mod) continue;
        const modName = textOf(text, mod);
        this.modules.add(modName);
        for (const part of imp.children.filter((c) => c.field === fields.fromImports.name)) named(part, modName);
      }
    }
  }

  /** `cp.exec` → `child_process.exec`; names without an import stay as written. */
  qualify(name: string): string {
    const dot = name.indexOf('.');
    const head = dot === -1 ? name : name.slice(0, dot);
    const alias = this.aliases.get(head);
    const full = alias === undefined ? name : alias + (dot === -1 ? '' : name.slice(dot));
    return full.startsWith('fs.promises.') ? `fs.${full.slice('fs.promises.'.length)}` : full;
  }
}

/** `require('x')`, `require('x').y`, `await import('x')` → module `x` as written and the property path after it. */
function requiredModule(text: string, value: SyntaxNode, profile: LanguageProfile): { module: string; path: string[] } | undefined {
  const { kinds, fields } = profile;
  let node = value;
  if (kinds.awaits.has(node.type)) node = namedChildren(node)[0] ?? node;
  const path: string[] = [];
  while (kinds.members.has(node.type)) {
    const prop = child(node, fields.members.property);
    const obj = child(node, fields.members.object);
    if (!prop || !obj) return undefined;
    path.unshift(textOf(text, prop));
    node = obj;
  }
  if (!kinds.calls.has(node.type)) return undefined;
  const fn = child(node, fields.calls.callee);
  if (!fn || (textOf(text, fn) !== 'require' && !kinds.dynamicImports.has(fn.type))) return undefined;
  const args = child(node, fields.calls.arguments);
  const first = args ? namedChildren(args)[0] : undefined;
  const mod = stringValue(text, first, profile);
  return mod === undefined ? undefined : { module: mod, path };
}
