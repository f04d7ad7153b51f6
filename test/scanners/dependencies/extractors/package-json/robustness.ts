import { expect } from 'vitest';
import type { Extractor } from '../../../../../src/scanners/dependencies/types.js';

const ODD_INPUTS = ['', ' ', 'null', '[]', '42', '"text"', '{}', '{"packages": 5, "dependencies": "x"}', '\u0000\uFFFF', 'a:\n  - [', '{'.repeat(5000)];

/**
 * Feeds an extractor odd documents and every ~1/40th truncation of a valid fixture:
 * it must return (never throw), and a result with a warning must carry no packages.
 */
export function expectLenient(extractor: Extractor, path: string, validText: string): void {
  const step = Math.max(1, Math.floor(validText.length / 40));
  const inputs = [...ODD_INPUTS];
  for (let cut = 0; cut < validText.length; cut += step) inputs.push(validText.slice(0, cut));
  for (const text of inputs) {
    const result = extractor.extract(path, text);
    expect(result.warnings.length).toBeLessThanOrEqual(1);
    if (result.warnings.length === 1) {
      expect(result.packages).toEqual([]);
      expect(result.warnings[0]?.startsWith(`${path}: `)).toBe(true);
    }
    for (const pkg of result.packages) expect(pkg.line).toBeGreaterThanOrEqual(1);
  }
}
