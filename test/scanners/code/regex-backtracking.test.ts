import { describe, expect, it } from 'vitest';
import { catastrophicBacktracking } from '../../../src/scanners/code/regex-backtracking.js';

describe('catastrophicBacktracking', () => {
  it.each([
    ['([0-9]+)+#', 'a repeated group that is one repetition'],
    ['^(\\w+\\s?)*$', 'an optional separator between repetitions'],
    ['(a*)*b', 'star of star'],
    ['(x+x+)+y', 'two repetitions of the same characters'],
    ['^(\\d+)*$', 'digits repeated'],
    ['(\\s*)+!', 'whitespace repeated'],
    ['((ab)+c?)+$', 'a nested group repeated with an optional tail'],
    ['(a{2,})+b', 'an open-ended count inside'],
    ['(?:[a-z]+){1,}$', 'an open-ended count outside'],
    ['(a+){2,500}!', 'a large count acts as unbounded'],
    ['^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$', 'the well-known e-mail pattern'],
    ['^(?<word>[a-z]+)*$', 'a named group'],
    ['(?i:(a+))+$', 'a group with inline flags'],
    ['((\\w+\\s?)*)', 'nested inside a group, with nothing after: only when the whole input must match', { wholeInput: true }],
    ['(x(\\d+)+)y', 'a tail after the enclosing group'],
  ] as [string, string, { wholeInput?: boolean }?][])('reports %s (%s)', (pattern, _why, options = {}) => {
    expect(catastrophicBacktracking(pattern, options)).toBe(true);
  });

  it.each([
    ['(\\s*,\\s*\\w+)*', 'a mandatory separator splits the input one way only'],
    ['(ab+)+', 'every repetition starts with a character it must match'],
    ['^[0-9]+#$', 'no group'],
    ['(a+)?', 'the outer group is optional, not repeated'],
    ['(a+){1,3}', 'a small bounded count'],
    ['(?>a+)+', 'an atomic group gives nothing back'],
    ['(a++)+', 'a possessive repetition gives nothing back'],
    ['[(a+)+]', 'parentheses inside a class are characters'],
    ['\\(a+\\)+', 'escaped parentheses are characters'],
    ['(a|ab)*', 'overlapping alternatives are not judged'],
    ['(a+', 'a pattern that does not parse is not judged'],
    ['(\\\\\\.|[^.]+?)+', 'nothing after the repetition can fail: the first split always matches'],
    ['((\\w+\\s?)*)', 'the same, nested'],
    ['x{,3}(a)+', 'a brace that is not a count'],
  ])('leaves %s alone (%s)', (pattern) => {
    expect(catastrophicBacktracking(pattern)).toBe(false);
  });
});
