/**
 * Code-unit order of two strings: the same on every machine, whatever its locale, and free to start.
 * `localeCompare` sorts by the ICU collator of the process's default locale, so one scan could list the
 * same findings in another order on a machine with another locale, and V8 builds that collator on the
 * first call in each thread (13–14 ms alone; 26–39 ms of the main thread in profiles of a command-line
 * scan's final sort, though no shorter wall time could be measured: docs/decisions.md).
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
