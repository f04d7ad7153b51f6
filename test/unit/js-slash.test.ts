import { describe, expect, it } from 'vitest';
import { slashStartsRegex } from '../../src/core/js-slash.js';

describe('slashStartsRegex: a regular expression or a division, by the token before the slash', () => {
  it.each([
    ['', 'the start of the text'],
    ['=', 'an assignment'],
    ['(', 'an open parenthesis'],
    [',', 'a comma'],
    ['{', 'a block'],
    ['}', "a block's end"],
    ['&&', 'an operator'],
    ['+', 'a binary plus'],
    ['return', 'return'],
    ['typeof', 'typeof'],
    ['extends', 'extends'],
  ])('regex after %j (%s)', (previous) => {
    expect(slashStartsRegex(previous)).toBe(true);
  });

  it.each([
    ['x', 'a name, or any operand'],
    ['count', 'a name'],
    ['42', 'a number'],
    [')', 'a closing parenthesis'],
    [']', 'a closing bracket'],
    ['++', 'a postfix increment'],
    ['--', 'a postfix decrement'],
    ['<', 'a JSX closing tag'],
  ])('division after %j (%s)', (previous) => {
    expect(slashStartsRegex(previous)).toBe(false);
  });
});
