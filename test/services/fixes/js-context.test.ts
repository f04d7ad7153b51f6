import { describe, expect, it } from 'vitest';
import { asTemplateText, scriptExpressions } from '../../../src/services/fixes/js-context.js';

/** Each expression's place: a word, or the quote of its string and the string's text. */
function places(source: string) {
  const found = scriptExpressions(source);
  if (!found) return undefined;
  return found.map((e) => (typeof e.where === 'string' ? e.where : `${e.where.quote}:${source.slice(e.where.start, e.where.end)}`));
}

describe('where an expression sits in a github-script script', () => {
  it('tells code, strings, templates, comments and regular expressions apart', () => {
    expect(places('const a = ${{ x }};')).toEqual(['code']);
    expect(places(`core.info("a \${{ x }} b");`)).toEqual(['":"a ${{ x }} b"']);
    expect(places(`core.info('it\\'s \${{ x }}');`)).toEqual([`':'it\\'s \${{ x }}'`]);
    expect(places('core.info(`a ${{ x }} ${b + `c ${{ y }}`} d`);')).toEqual(['template', 'template']);
    expect(places('// a "quote ${{ x }}\n/* ${{ y }} \' */ f()')).toEqual(['comment', 'comment']);
    expect(places("if (/'${{ x }}/.test(s)) f('${{ y }}')")).toEqual(['regex', "':'${{ y }}'"]);
    // A slash after a value divides: the quote after it opens a string.
    expect(places("const r = a / 2; const s = '${{ x }}'")).toEqual(["':'${{ x }}'"]);
    // After a postfix increment and after a property named like a keyword, too.
    expect(places("const r = i++ / 2 + '${{ x }}' + n / 4")).toEqual(["':'${{ x }}'"]);
    expect(places("const r = o.return / 2 + '${{ x }}' + n / 4")).toEqual(["':'${{ x }}'"]);
    // Quotes inside the expression do not open strings.
    expect(places(`f(\${{ inputs['name'] }}, "\${{ x }}")`)).toEqual(['code', '":"${{ x }}"']);
    expect(places('const o = { a: `${ {b: 1}.b } ${{ x }}` };')).toEqual(['template']);
  });

  it('gives up on scripts it cannot read', () => {
    expect(scriptExpressions('core.info("open ${{ x }}')).toBeUndefined();
    expect(scriptExpressions('/* never closed ${{ x }}')).toBeUndefined();
    expect(scriptExpressions("f('a\nb ${{ x }}')")).toBeUndefined();
  });

  it('escapes backticks and ${ for a template literal, keeping existing escapes', () => {
    expect(asTemplateText("a `b` ${c} \\' \\${d} $e")).toBe("a \\`b\\` \\${c} \\' \\${d} $e");
  });
});
