/** Helpers shared by the orderings: numbers are kept as digit strings so no size limit applies. */

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
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

export const isDigits = (s: string): boolean => /^[0-9]+$/.test(s);
