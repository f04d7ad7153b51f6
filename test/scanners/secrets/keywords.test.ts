import { describe, expect, it } from 'vitest';
import { KeywordMatcher } from '../../../src/scanners/secrets/keywords.js';
import { SECRET_RULES } from '../../../src/scanners/secrets/rules/index.js';
import { ReferenceKeywordTables } from './keywords-reference.js';

/** Deterministic pseudo-random numbers. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

const tables = (m: KeywordMatcher) => m as unknown as { next: Int32Array; outputs: (readonly number[] | undefined)[] };

describe('keyword automaton construction', () => {
  it('builds the same transition and output tables as the lookup-per-character construction', () => {
    const rnd = random(3);
    const sets: string[][] = [
      [...new Set(SECRET_RULES.flatMap((r) => r.keywords.map((k) => k.toLowerCase())))],
      ['he', 'she', 'hers', 'his', 'akia', 'HERS'],
      [''],
    ];
    // Many keywords over a few characters: long shared prefixes, deep failure chains, upper case.
    for (let n = 0; n < 20; n++) {
      const set: string[] = [];
      for (let i = 0; i < 40; i++) set.push(Array.from({ length: 1 + Math.floor(rnd() * 7) }, () => 'abAB:/_'[Math.floor(rnd() * 7)]).join(''));
      sets.push(set);
    }
    expect(sets[0]?.length).toBeGreaterThan(100);
    for (const keywords of sets) {
      const current = tables(new KeywordMatcher(keywords));
      const reference = new ReferenceKeywordTables(keywords);
      expect(Array.from(current.next)).toEqual(Array.from(reference.next));
      expect(current.outputs).toEqual(reference.outputs);
    }
  });
});
