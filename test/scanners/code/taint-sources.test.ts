/**
 * Every request source of taint-sources.ts, through its examples: the source reaching `eval` is
 * reported by code-injection as request data (confidence 0.9, naming the source); the same
 * handler with a constant in the source's place is not reported at all.
 */
import { describe, expect, it } from 'vitest';
import { PARAMETER_SOURCES, REQUEST_OBJECT_SOURCES, type SourceExample, type SourceLanguage } from '../../../src/scanners/code/taint-sources.js';
import { byRule, scan } from './helpers.js';

const pathFor = (language: SourceLanguage): string => (language === 'python' ? 'app/views.py' : 'src/handler.ts');

/** The example with the last occurrence of its source (the one nearest the sink) replaced by a constant. */
function withConstant(example: SourceExample): string {
  const replaced = example.replace ?? example.source;
  const at = example.code.lastIndexOf(replaced);
  return `${example.code.slice(0, at)}'1 + 1'${example.code.slice(at + replaced.length)}`;
}

const cases = [...REQUEST_OBJECT_SOURCES, ...PARAMETER_SOURCES].flatMap((entry) =>
  entry.examples.map((example, i) => ({ name: `${entry.framework} (${entry.language}) example ${i + 1}: ${example.source}`, language: entry.language, example })),
);

describe('taint sources as data', () => {
  it('has examples for every entry, each naming a source written in its code', () => {
    for (const entry of [...REQUEST_OBJECT_SOURCES, ...PARAMETER_SOURCES]) {
      expect(entry.examples.length, entry.framework).toBeGreaterThan(0);
      for (const e of entry.examples) expect(e.code, entry.framework).toContain(e.source);
      for (const e of entry.examples) expect(e.code, entry.framework).toContain(e.replace ?? e.source);
    }
  });

  it.each(cases)('$name reaches eval as request data', async ({ language, example }) => {
    const findings = byRule(await scan(pathFor(language), example.code), 'code-injection');
    expect(findings).toHaveLength(1);
    expect(findings[0]?.confidence).toBe(0.9);
    expect(findings[0]?.description).toContain(example.source);
  });

  it.each(cases)('$name with a constant instead is not reported', async ({ language, example }) => {
    expect(byRule(await scan(pathFor(language), withConstant(example)), 'code-injection')).toEqual([]);
  });
});
