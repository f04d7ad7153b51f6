/**
 * Where each `${{ … }}` expression of an `actions/github-script` script sits in the JavaScript:
 * code, a comment, a template literal, a regular expression, or a '…'/"…" string (with the
 * string's span). GitHub pastes the value in before node parses the script, so the fixer needs
 * this to write the right replacement. A small lexer, not a parser: it knows comments, strings,
 * template literals with nested `${ }` code, and tells a regular expression from a division by
 * the token before the slash (src/core/js-slash.ts). Expressions are opaque to it (they may hold quotes).
 */
import { slashStartsRegex } from '../../core/js-slash.js';

export interface StringSpan {
  readonly quote: "'" | '"';
  /** Offset of the opening quote. */
  readonly start: number;
  /** Offset just past the closing quote. */
  end: number;
}

export interface ScriptExpression {
  /** Offset of `${{` and just past `}}`. */
  readonly start: number;
  readonly end: number;
  readonly inner: string;
  readonly where: 'code' | 'comment' | 'template' | 'regex' | StringSpan;
}

/** Every expression of the script with its place; undefined when the script does not lex (an unclosed string or comment). */
export function scriptExpressions(source: string): ScriptExpression[] | undefined {
  const out: ScriptExpression[] = [];
  type Mode = 'code' | 'line' | 'block' | 'sq' | 'dq' | 'tpl' | 'regex';
  let mode: Mode = 'code';
  /** Brace depth of each open `${ … }` inside template literals. */
  const templates: number[] = [];
  let depth = 0;
  let string: StringSpan | undefined;
  let inClass = false;
  /** The last significant code token (a punctuator, a word, `'x'` for any other operand), to tell a regex from a division. */
  let last = '';
  const where = (): ScriptExpression['where'] =>
    mode === 'line' || mode === 'block' ? 'comment' : mode === 'tpl' ? 'template' : mode === 'regex' ? 'regex' : mode === 'sq' || mode === 'dq' ? (string as StringSpan) : 'code';
  let i = 0;
  while (i < source.length) {
    if (source.startsWith('${{', i)) {
      const close = source.indexOf('}}', i + 3);
      if (close === -1) return undefined;
      out.push({ start: i, end: close + 2, inner: source.slice(i + 3, close).trim(), where: where() });
      if (mode === 'code') last = 'x';
      i = close + 2;
      continue;
    }
    const c = source[i] as string;
    const next = source[i + 1];
    switch (mode) {
      case 'line':
        if (c === '\n') mode = 'code';
        i++;
        continue;
      case 'block':
        if (c === '*' && next === '/') {
          mode = 'code';
          i += 2;
        } else i++;
        continue;
      case 'sq':
      case 'dq':
        if (c === '\\') i += 2;
        else if (c === '\n') return undefined;
        else if ((c === "'" && mode === 'sq') || (c === '"' && mode === 'dq')) {
          (string as StringSpan).end = i + 1;
          string = undefined;
          mode = 'code';
          last = 'x';
          i++;
        } else i++;
        continue;
      case 'tpl':
        if (c === '\\') i += 2;
        else if (c === '`') {
          mode = 'code';
          last = 'x';
          i++;
        } else if (c === '$' && next === '{') {
          templates.push(depth);
          depth = 0;
          mode = 'code';
          last = '(';
          i += 2;
        } else i++;
        continue;
      case 'regex':
        if (c === '\\') i += 2;
        else if (c === '\n') return undefined;
        else if (c === '[' || c === ']') {
          inClass = c === '[';
          i++;
        } else if (c === '/' && !inClass) {
          mode = 'code';
          last = 'x';
          i++;
        } else i++;
        continue;
      case 'code':
        break;
    }
    if (c === '/' && next === '/') {
      mode = 'line';
      i += 2;
      continue;
    }
    if (c === '/' && next === '*') {
      mode = 'block';
      i += 2;
      continue;
    }
    if (c === "'" || c === '"') {
      string = { quote: c, start: i, end: -1 };
      mode = c === "'" ? 'sq' : 'dq';
      i++;
      continue;
    }
    if (c === '`') {
      mode = 'tpl';
      i++;
      continue;
    }
    if (c === '/') {
      if (slashStartsRegex(last)) {
        mode = 'regex';
        inClass = false;
      } else last = '/';
      i++;
      continue;
    }
    if (c === '{') {
      depth++;
      last = '{';
      i++;
      continue;
    }
    if (c === '}') {
      if (depth === 0 && templates.length > 0) {
        depth = templates.pop() as number;
        mode = 'tpl';
      } else {
        depth--;
        last = '}';
      }
      i++;
      continue;
    }
    if (/[A-Za-z_$]/.test(c)) {
      const word = /^[\w$]+/.exec(source.slice(i, i + 64))?.[0] ?? c;
      // A name after `.` is a property (`o.return / 2`), an operand like any other.
      last = source[i - 1] === '.' ? 'x' : word;
      i += word.length;
      continue;
    }
    if ((c === '+' || c === '-') && next === c) {
      last = c + c;
      i += 2;
      continue;
    }
    if (/\d/.test(c)) {
      last = 'x';
      i++;
      continue;
    }
    if (!/\s/.test(c)) last = c === ')' || c === ']' ? 'x' : c;
    i++;
  }
  return mode === 'code' || mode === 'line' ? out : undefined;
}

/**
 * The raw text between a string's quotes as the inside of a template literal: backticks and `${`
 * escaped. Escapes of the old string (`\'`, `\"`, `\n`) mean the same in a template literal.
 */
export function asTemplateText(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (c === '\\') {
      out += raw.slice(i, i + 2);
      i++;
    } else if (c === '`') out += '\\`';
    else if (c === '$' && raw[i + 1] === '{') out += '\\$';
    else out += c;
  }
  return out;
}
