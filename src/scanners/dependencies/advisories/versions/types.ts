/** A total order over one ecosystem's version strings. */
export interface VersionOrdering<T = unknown> {
  readonly name: string;
  /** The parsed form, or undefined when the string is not a version in this ordering. Never throws. */
  parse(version: string): T | undefined;
  /** <0, 0 or >0. */
  compare(a: T, b: T): number;
}
