/**
 * The examples an extractor carries run here: each path must match, and the file must give
 * exactly the listed packages (name, version, direct, dev, line; see ExtractorExample), without warnings. A new
 * extractor needs no test file of its own for its basic case.
 */
import { describe, expect, it } from 'vitest';
import { EXTRACTORS } from '../../../src/scanners/dependencies/extractors/index.js';

const cases = EXTRACTORS.flatMap((e) => e.examples.map((example, i) => [`${e.id} #${i + 1}`, e, example] as const));

describe('extractor examples', () => {
  it.each(EXTRACTORS.map((e) => [e.id, e.examples.length] as const))('%s carries an example', (_id, count) => {
    expect(count).toBeGreaterThan(0);
  });

  it.each(cases)('%s', (_name, extractor, example) => {
    expect(extractor.matches(example.path)).toBe(true);
    const result = extractor.extract(example.path, example.text);
    expect(result.warnings).toEqual([]);
    const got = result.packages.map((p) =>
      [p.version === undefined ? p.name : `${p.name}@${p.version}`, p.direct ? 'direct' : 'indirect', ...(p.dev === undefined ? [] : [p.dev ? 'dev' : 'prod']), `line ${p.line}`].join(' '),
    );
    expect(got).toEqual(example.packages);
  });
});
