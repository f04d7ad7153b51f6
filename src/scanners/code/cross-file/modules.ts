/**
 * Which file of the workspace an import names, among the files that have summaries:
 * - JavaScript/TypeScript: a relative specifier (`../lib/insecurity`, `./util.js`) from the
 *   importing file's folder, as written, with a script extension added (`.ts`, `.tsx`, `.js`, `.jsx`,
 *   `.mjs`, `.cjs`, `.mts`, `.cts`), a `.js` written for a TypeScript source (`./util.js` → `util.ts`),
 *   or a folder's `index` file. Bare specifiers (packages, path aliases) are not resolved;
 * - Python: a relative module (`.utils`, `..core.auth`) from the importing file's package; an
 *   absolute one (`app.utils`) as the one file ending in `app/utils.py` or `app/utils/__init__.py`
 *   (the nearest to the importer when several do). A name with dots (`utils.check` after `from app
 *   import utils`) is also tried as a submodule's function.
 */
import type { ImportedFunction } from '../imports.js';

const SCRIPT_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts'];

/** `a/b/../c/./d` → `a/c/d`; undefined when it climbs above the root. */
export function normalisePath(path: string): string | undefined {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

const folderOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

export class ModuleResolver {
  /** Python module files by their last two path parts (`app/utils.py` → `app/utils`), for absolute imports. */
  private readonly pythonBySuffix = new Map<string, string[]>();
  /** Resolved specifiers by importing folder and specifier (null: none): every call of an imported function asks again. */
  private readonly resolved = new Map<string, string | null>();

  constructor(private readonly files: ReadonlySet<string>) {
    for (const f of files) {
      if (!f.endsWith('.py')) continue;
      const module = f.replace(/\/__init__\.py$|\.py$/, '');
      const last = module.split('/').pop() as string;
      this.pythonBySuffix.set(last, [...(this.pythonBySuffix.get(last) ?? []), f]);
    }
  }

  /** The file and exported name a call of an imported function reaches, or undefined. */
  resolve(from: string, callee: ImportedFunction, python: boolean): { readonly path: string; readonly name: string } | undefined {
    if (!python) {
      const path = this.javascript(from, callee.module);
      return path === undefined ? undefined : { path, name: callee.name };
    }
    const direct = this.python(from, callee.module);
    if (direct !== undefined && !callee.name.includes('.')) return { path: direct, name: callee.name };
    // `from app import utils` then `utils.check(x)`: module `app.utils`, function `check`.
    const dot = callee.name.lastIndexOf('.');
    if (dot === -1) return undefined;
    const sub = callee.module.endsWith('.') ? `${callee.module}${callee.name.slice(0, dot)}` : `${callee.module}.${callee.name.slice(0, dot)}`;
    const path = this.python(from, sub);
    return path === undefined ? undefined : { path, name: callee.name.slice(dot + 1) };
  }

  private javascript(from: string, module: string): string | undefined {
    if (!module.startsWith('./') && !module.startsWith('../')) return undefined;
    const key = `${folderOf(from)}\n${module}`;
    let found = this.resolved.get(key);
    if (found === undefined) this.resolved.set(key, (found = this.lookUpJavascript(from, module) ?? null));
    return found ?? undefined;
  }

  private lookUpJavascript(from: string, module: string): string | undefined {
    const base = normalisePath(`${folderOf(from)}/${module}`);
    if (base === undefined) return undefined;
    const tries = [base, ...SCRIPT_EXTENSIONS.map((e) => base + e), ...SCRIPT_EXTENSIONS.map((e) => `${base}/index${e}`)];
    // TypeScript sources imported by their output name (`./util.js` for util.ts).
    const js = /\.(?:m|c)?js$/.exec(base);
    if (js) tries.push(...['.ts', '.tsx', '.mts', '.cts'].map((e) => base.slice(0, -js[0].length) + e));
    return tries.find((t) => this.files.has(t));
  }

  private python(from: string, module: string): string | undefined {
    const relative = /^(\.+)(.*)$/.exec(module);
    if (relative) {
      let folder: string | undefined = folderOf(from);
      for (let i = 1; i < (relative[1] as string).length; i++) folder = folder === '' || folder === undefined ? undefined : folderOf(folder);
      if (folder === undefined) return undefined;
      const rest = (relative[2] as string).split('.').filter(Boolean).join('/');
      const base = [folder, rest].filter(Boolean).join('/');
      return [`${base}.py`, `${base}/__init__.py`].find((t) => this.files.has(t));
    }
    const parts = module.split('.');
    const wanted = parts.join('/');
    const found = (this.pythonBySuffix.get(parts.at(-1) as string) ?? []).filter((f) => {
      const m = f.replace(/\/__init__\.py$|\.py$/, '');
      return m === wanted || m.endsWith(`/${wanted}`);
    });
    if (found.length <= 1) return found[0];
    // Several packages have that module: the one sharing the longest folder prefix with the importer.
    const shared = (f: string): number => {
      let n = 0;
      while (n < f.length && n < from.length && f[n] === from[n]) n++;
      return n;
    };
    return [...found].sort((a, b) => shared(b) - shared(a) || (a < b ? -1 : 1))[0];
  }
}
