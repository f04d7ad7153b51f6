/**
 * The guess every lexer without a parser makes at a `/` in JavaScript: a regular expression or a
 * division, judged by the significant token before it. Shared by the code scanner's literal lexer
 * (src/scanners/code/js-strings.ts) and the fixer's github-script lexer (src/services/fixes/js-context.ts).
 */

/** Words after which an expression starts, so a slash opens a regular expression (`return /x/`). */
const BEFORE_EXPRESSION = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await', 'extends']);

/** A name or number: the first character of an identifier, keyword or numeric literal. */
const NAME_START = /^[\w$\u0080-\uffff]/;

/**
 * Whether a slash after `previous` starts a regular expression rather than a division. `previous` is the
 * significant token before it: `''` at the start of the text; a name, keyword or number as written (a name
 * after `.` is a property: pass `'x'`, as for any operand, so that `o.return / 2` divides); or a punctuator.
 * A literal (string, template, regular expression) ends an operand: pass `'x'` after one too.
 *
 * `)`, `]` and a postfix `++`/`--` end an operand (a prefix one cannot apply to a regex); `<` before a
 * slash is a JSX closing tag (`</div>`) far more often than a comparison with a regex; `}` is taken for
 * a block's end, after which a statement (and so a regex) may start.
 */
export function slashStartsRegex(previous: string): boolean {
  if (previous === '') return true;
  if (NAME_START.test(previous)) return BEFORE_EXPRESSION.has(previous);
  return !(previous === ')' || previous === ']' || previous === '++' || previous === '--' || previous === '<');
}
