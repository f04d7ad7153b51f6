/**
 * Types derived from the wire schemas are read-only all the way down: a finding or a scan
 * is a value that is built once and passed on, never edited in place.
 */
export type ReadonlyDeep<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer Item)[]
    ? readonly ReadonlyDeep<Item>[]
    : T extends object
      ? { readonly [K in keyof T]: ReadonlyDeep<T[K]> }
      : T;
