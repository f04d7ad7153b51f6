/**
 * A small reader for the GitHub Actions expression language, for one question:
 * which contexts can reach the text an expression expands to? Comparisons,
 * `!` and predicate functions (`contains`, `startsWith`, …) turn their
 * operands into a boolean, so an attacker's text in them never reaches the
 * script; `||`, the right side of `&&`, `format`, `join`, `toJSON`, `fromJSON` pass it on.
 */

type Token =
  | { readonly t: 'str' | 'num' }
  | { readonly t: 'op'; readonly v: string }
  | { readonly t: 'name'; readonly v: string };

const OPERATORS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '(', ')', '[', ']', ',', '.', '*'];

function tokenize(text: string): Token[] | undefined {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? '';
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    if (c === "'") {
      // '' is an escaped quote inside a string literal.
      let j = i + 1;
      for (;;) {
        if (j >= text.length) return undefined;
        if (text[j] === "'") {
          if (text[j + 1] === "'") j += 2;
          else break;
        } else j += 1;
      }
      out.push({ t: 'str' });
      i = j + 1;
      continue;
    }
    const prev = out.at(-1);
    const afterDot = prev?.t === 'op' && prev.v === '.';
    const digits = afterDot ? /^\d+/.exec(text.slice(i, i + 20)) : null;
    if (digits) {
      // `commits.0.message`: a numeric member selects some element.
      out.push({ t: 'name', v: '*' });
      i += digits[0].length;
      continue;
    }
    const num = /^(?:0x[0-9a-f]+|\d+(?:\.\d+)?(?:e[+-]?\d+)?)/i.exec(text.slice(i, i + 40));
    if (num) {
      out.push({ t: 'num' });
      i += num[0].length;
      continue;
    }
    const name = /^[A-Za-z_][\w-]*/.exec(text.slice(i, i + 200));
    if (name) {
      out.push({ t: 'name', v: name[0] });
      i += name[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (!op) return undefined;
    out.push({ t: 'op', v: op });
    i += op.length;
  }
  return out;
}

/** Functions whose result is a boolean or a hash: their arguments do not flow into the text. */
const OPAQUE_FUNCTIONS = new Set(['contains', 'startswith', 'endswith', 'hashfiles', 'success', 'failure', 'always', 'cancelled']);

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private isOp(v: string): boolean {
    const t = this.peek();
    return t?.t === 'op' && t.v === v;
  }

  private expectOp(v: string): void {
    if (!this.isOp(v)) throw new Error(`expected ${v}`);
    this.at += 1;
  }

  done(): boolean {
    return this.at >= this.tokens.length;
  }

  /** Returns the contexts (normalized paths) whose text flows into the value. */
  or(): string[] {
    const flows = this.and();
    while (this.isOp('||')) {
      this.at += 1;
      flows.push(...this.and());
    }
    return flows;
  }

  /** `a && b` is `b` when `a` is truthy and `a` only when it is falsy ('', 0, null, false): no text of `a` gets through. */
  private and(): string[] {
    let flows = this.comparison();
    while (this.isOp('&&')) {
      this.at += 1;
      flows = this.comparison();
    }
    return flows;
  }

  private comparison(): string[] {
    const flows = this.unary();
    let compared = false;
    while (['==', '!=', '<', '>', '<=', '>='].some((o) => this.isOp(o))) {
      this.at += 1;
      this.unary();
      compared = true;
    }
    return compared ? [] : flows;
  }

  private unary(): string[] {
    if (this.isOp('!')) {
      this.at += 1;
      this.unary();
      return [];
    }
    return this.postfix();
  }

  private postfix(): string[] {
    const t = this.peek();
    if (!t) throw new Error('unexpected end');
    let flows: string[];
    let path: string | undefined;
    if (t.t === 'str' || t.t === 'num') {
      this.at += 1;
      flows = [];
    } else if (t.t === 'op' && t.v === '(') {
      this.at += 1;
      flows = this.or();
      this.expectOp(')');
    } else if (t.t === 'name') {
      this.at += 1;
      if (this.isOp('(')) {
        this.at += 1;
        const args: string[] = [];
        if (!this.isOp(')')) {
          args.push(...this.or());
          while (this.isOp(',')) {
            this.at += 1;
            args.push(...this.or());
          }
        }
        this.expectOp(')');
        flows = OPAQUE_FUNCTIONS.has(t.v.toLowerCase()) ? [] : args;
      } else {
        const lower = t.v.toLowerCase();
        flows = [];
        path = ['true', 'false', 'null'].includes(lower) ? undefined : lower;
      }
    } else throw new Error('unexpected token');
    // Property access and indexing.
    for (;;) {
      if (this.isOp('.')) {
        this.at += 1;
        const next = this.peek();
        if (next?.t === 'name') {
          if (path !== undefined) path += next.v === '*' ? '.*' : `.${next.v.toLowerCase()}`;
          this.at += 1;
        } else if (next?.t === 'op' && next.v === '*') {
          if (path !== undefined) path += '.*';
          this.at += 1;
        } else throw new Error('bad property');
      } else if (this.isOp('[')) {
        this.at += 1;
        const start = this.at;
        const keyText = this.tokens[start];
        if (keyText?.t === 'op' && keyText.v === '*') {
          this.at += 1;
          if (path !== undefined) path += '.*';
        } else {
          // Literal keys become `.name`; other keys select "some" member.
          this.or();
          if (path !== undefined) path += '.*';
        }
        this.expectOp(']');
      } else break;
    }
    return path === undefined ? flows : [...flows, path];
  }
}

/**
 * Contexts whose text reaches the expansion of `inner` (what is between `${{`
 * and `}}`), lower-case, index syntax normalized to `.name` / `.*`. Undefined
 * when the expression does not parse: callers then fall back on reading every
 * context in it.
 */
export function flowingContexts(inner: string): string[] | undefined {
  // Literal string keys (`github.event['issue']`) read as properties first.
  const rewritten = inner.replace(/\[\s*'([\w-]{1,100})'\s*\]/g, '.$1');
  const tokens = tokenize(rewritten);
  if (!tokens || tokens.length === 0) return undefined;
  try {
    const parser = new Parser(tokens);
    const flows = parser.or();
    return parser.done() ? flows : undefined;
  } catch {
    return undefined;
  }
}

const PURE_FUNCTIONS = new Set(['format', 'join', 'tojson', 'fromjson', 'contains', 'startswith', 'endswith']);

/**
 * True when an expression reads no context at all (only literals, operators
 * and function calls over them), so it always expands to the same text:
 * `${{ 'a' }}`, `${{ format('{0}', 'x') }}`. Such expressions only hide what a value is.
 */
export function isConstantExpression(inner: string): boolean {
  const tokens = tokenize(inner);
  if (!tokens || tokens.length === 0) return false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t?.t !== 'name') continue;
    const next = tokens[i + 1];
    const call = next?.t === 'op' && next.v === '(';
    // Only pure functions: hashFiles reads files, success()/always() read the run's state.
    if (call && !PURE_FUNCTIONS.has(t.v.toLowerCase())) return false;
    if (!call && !['true', 'false', 'null'].includes(t.v.toLowerCase())) return false;
  }
  try {
    const parser = new Parser(tokens);
    parser.or();
    return parser.done();
  } catch {
    return false;
  }
}
