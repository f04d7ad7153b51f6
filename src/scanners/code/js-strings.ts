import { slashStartsRegex } from '../../core/js-slash.js';

/**
 * The text of a JavaScript or TypeScript file's string and template literals, for prefilter terms that only
 * literal text can satisfy (SQL keywords: a query's text is the constant text of its argument). A lexer
 * without a parser: quotes, template literals with their `${…}` substitutions, comments, and the usual
 * guess between a regular expression and a division from the token before a slash (src/core/js-slash.ts).
 *
 * It must not lose literal text, so it gives up (undefined: the caller reads the whole file) wherever a
 * wrong guess would show: a one-line string or a regular expression running into a line break, a comment
 * or template left open at the end. A wrong guess flips what is inside quotes from then on, and in real
 * code that almost always leaves a string open at the end of its line. What it cannot see is a division
 * taken for a regular expression that a second slash on the same line closes: a literal between the two
 * is missed. The guess errs that way only after an object literal's `}`, or after `of`, `yield` or
 * `await` used as a name; the test checks the whole on real code (test/scanners/code/js-strings.test.ts).
 * Text between JSX tags is not a literal; an apostrophe in it makes the file fall back to its whole text,
 * which is the safe side.
 */

/** The next character that changes the lexer's state outside literals. */
const SPECIAL = /['"`/{}]/g;
/** One-line string bodies up to and including the closing quote (escapes, line continuations). */
const SINGLE = /(?:[^'\\\n\r]|\\(?:\r\n|[\s\S]))*'/y;
const DOUBLE = /(?:[^"\\\n\r]|\\(?:\r\n|[\s\S]))*"/y;
/** A template's text up to its closing backtick or the next `${`. */
const TEMPLATE_PART = /(?:[^`\\$]|\\[\s\S]|\$(?!\{))*/y;
/** A regular expression's body after its opening slash, through its closing slash and flags. */
const REGEX_BODY = /(?:[^\\/[\n\r]|\\[^\n\r]|\[(?:[^\]\\\n\r]|\\[^\n\r])*\])+\/[\w$]*/y;

const isIdentifierChar = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36 || c > 127;
const isBlank = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12 || c === 0xfeff || c === 0xa0;

/**
 * Whether a slash at `at` starts a regular expression, given the code between the last token the lexer
 * consumed (`from`) and the slash, and what that token was (`afterValue`: a literal, which ends an operand).
 */
function regexAt(text: string, from: number, at: number, afterValue: boolean): boolean {
  let j = at - 1;
  while (j >= from && isBlank(text.charCodeAt(j))) j--;
  if (j < from) return slashStartsRegex(afterValue ? 'x' : '');
  const c = text.charCodeAt(j);
  if (!isIdentifierChar(c)) {
    const doubled = (c === 43 || c === 45) && j > from && text.charCodeAt(j - 1) === c;
    return slashStartsRegex(doubled ? text.slice(j - 1, j + 1) : text[j] as string);
  }
  let k = j;
  while (k > from && isIdentifierChar(text.charCodeAt(k - 1))) k--;
  // A name after `.` is a property (`o.return / 2`).
  return slashStartsRegex(k > 0 && text.charCodeAt(k - 1) === 46 ? 'x' : text.slice(k, j + 1));
}

/** Reads one template part at `from` into `out`: where the lexer goes on (after its closing backtick or `${`), or undefined when the text ends first. */
function templatePart(text: string, from: number, out: string[]): { next: number; closed: boolean } | undefined {
  TEMPLATE_PART.lastIndex = from;
  TEMPLATE_PART.test(text);
  const end = TEMPLATE_PART.lastIndex;
  if (end > from) out.push(text.slice(from, end));
  if (end >= text.length) return undefined;
  // The part ends at a backtick or at `${`.
  return text.charCodeAt(end) === 96 ? { next: end + 1, closed: true } : { next: end + 2, closed: false };
}

/**
 * The bodies of the text's string and template literals (escapes as written), one per line; undefined
 * when the text does not lex cleanly (see the module comment).
 */
export function jsStringTexts(text: string): string | undefined {
  const out: string[] = [];
  // Per open template substitution, the braces opened inside it and not yet closed.
  const substitutions: number[] = [];
  // The code since the last token consumed starts here; that token was a literal (a value) or not.
  let from = 0;
  let afterValue = false;
  // A hashbang line is a comment.
  let i = text.startsWith('#!') ? text.indexOf('\n') : 0;
  if (i < 0) return '';
  from = i;
  for (;;) {
    SPECIAL.lastIndex = i;
    const found = SPECIAL.exec(text);
    if (!found) break;
    const at = found.index;
    const c = text.charCodeAt(at);
    if (c === 39 || c === 34) {
      const body = c === 39 ? SINGLE : DOUBLE;
      body.lastIndex = at + 1;
      if (!body.test(text)) return undefined;
      out.push(text.slice(at + 1, body.lastIndex - 1));
      i = from = body.lastIndex;
      afterValue = true;
      continue;
    }
    // A template's start, or the end of one of its `${…}` (no brace opened inside it is still open): a template part follows.
    if (c === 96 || (c === 125 && substitutions.at(-1) === 0)) {
      if (c === 125) substitutions.pop();
      const part = templatePart(text, at + 1, out);
      if (!part) return undefined;
      if (!part.closed) substitutions.push(0);
      i = from = part.next;
      afterValue = part.closed;
      continue;
    }
    if (c === 123) {
      if (substitutions.length > 0) substitutions[substitutions.length - 1] = (substitutions.at(-1) as number) + 1;
      i = from = at + 1;
      afterValue = false;
      continue;
    }
    if (c === 125) {
      const depth = substitutions.at(-1);
      if (depth !== undefined) substitutions[substitutions.length - 1] = depth - 1;
      // A block's end (a statement, and so a regular expression, may follow) more often than an object's.
      i = from = at + 1;
      afterValue = false;
      continue;
    }
    // A slash: a comment, a regular expression or a division.
    const next = text.charCodeAt(at + 1);
    if (next === 47 || next === 42) {
      const end = next === 47 ? text.indexOf('\n', at) : text.indexOf('*/', at + 2);
      if (end < 0 && next === 42) return undefined;
      if (end < 0) break;
      // A comment is not a token: what a slash after it is depends on the code before it.
      afterValue = !regexAt(text, from, at, afterValue);
      i = from = next === 47 ? end + 1 : end + 2;
      continue;
    }
    if (regexAt(text, from, at, afterValue)) {
      REGEX_BODY.lastIndex = at + 1;
      if (!REGEX_BODY.test(text)) return undefined;
      i = from = REGEX_BODY.lastIndex;
      afterValue = true;
      continue;
    }
    i = from = at + 1;
    afterValue = false;
  }
  if (substitutions.length > 0) return undefined;
  return out.join('\n');
}
