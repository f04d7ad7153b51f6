/** Helpers shared by the orderings: numbers are kept as digit strings so no size limit applies. */
import { compareText } from '../../../../core/order.js';

/** Strips leading zeros ("007" → "7", "000" → "0"). The input must be ASCII digits only. */
export function stripZeros(digits: string): string {
  const stripped = digits.replace(/^0+/, '');
  return stripped === '' ? '0' : stripped;
}

/** Compares two runs of ASCII digits numerically, whatever their length. */
export function compareDigits(a: string, b: string): number {
  const x = stripZeros(a);
  const y = stripZeros(b);
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Plain code-unit comparison (Java's String.compareTo, Ruby's String#<=> for ASCII). */
export const compareStrings = compareText;

export function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

export const isDigits = (s: string): boolean => /^[0-9]+$/.test(s);

/**
 * Compares dot-separated identifier lists position by position: numbers numerically, other text
 * with `compareAlpha`; a number sorts before text (SemVer 11.4), or after it with `numericLast`
 * (PEP 440 local versions). When one list is a prefix of the other, the longer one is greater.
 */
export function compareIdentifiers(a: readonly string[], b: readonly string[], compareAlpha = compareStrings, numericLast = false): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    const xn = isDigits(x);
    const yn = isDigits(y);
    let c: number;
    if (xn && yn) c = compareDigits(x, y);
    else if (xn) c = numericLast ? 1 : -1;
    else if (yn) c = numericLast ? -1 : 1;
    else c = compareAlpha(x, y);
    if (c !== 0) return c;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}
