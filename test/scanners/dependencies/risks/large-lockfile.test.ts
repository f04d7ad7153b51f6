import { describe, expect, it } from 'vitest';
import { buildRiskContext } from '../../../../src/scanners/dependencies/risks/context.js';
import { runRiskChecks } from '../../../../src/scanners/dependencies/risks/index.js';
import { POPULAR } from '../../../../src/scanners/dependencies/risks/popular.js';
import { damerauLevenshtein, ruledOut, SimilarityIndex, skeleton } from '../../../../src/scanners/dependencies/risks/similarity.js';
import { SimilarityIndex as ReferenceIndex } from './similarity-reference.js';

/** Deterministic pseudo-random numbers (tests must not depend on Math.random). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz-';

function mutate(name: string, rnd: () => number): string {
  const i = Math.floor(rnd() * name.length);
  const c = ALPHABET[Math.floor(rnd() * ALPHABET.length)] ?? 'a';
  switch (Math.floor(rnd() * 4)) {
    case 0: return name.slice(0, i) + c + name.slice(i);
    case 1: return name.slice(0, i) + name.slice(i + 1);
    case 2: return name.slice(0, i) + c + name.slice(i + 1);
    default: return i + 1 < name.length ? name.slice(0, i) + (name[i + 1] ?? '') + (name[i] ?? '') + name.slice(i + 2) : name;
  }
}

/** A realistic package-lock.json v3: mostly popular packages, some unknown ones, a few near-misses. */
function bigLockfile(count: number): { text: string; names: string[] } {
  const rnd = random(42);
  const names = new Set<string>();
  const popular = POPULAR.npm.names;
  while (names.size < count) {
    const r = rnd();
    if (r < 0.7) names.add(popular[Math.floor(rnd() * popular.length)] ?? 'lodash');
    else if (r < 0.98) names.add(`${['fast', 'tiny', 'node', 'plugin', 'babel-preset'][Math.floor(rnd() * 5)] ?? 'x'}-${Math.floor(rnd() * 36 ** 6).toString(36)}`);
    else names.add(mutate(popular[Math.floor(rnd() * 500)] ?? 'lodash', rnd));
  }
  const packages: Record<string, unknown> = { '': { name: 'big-app', dependencies: {} } };
  for (const name of names) {
    const file = name.split('/').pop() ?? name;
    packages[`node_modules/${name}`] = {
      version: '1.0.0',
      resolved: `https://registry.npmjs.org/${name}/-/${file}-1.0.0.tgz`,
      integrity: 'sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17LhbZVGedAJv8XZ1tvj5FvSg==',
    };
  }
  return { text: `${JSON.stringify({ name: 'big-app', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`, names: [...names] };
}

// Timing of this run is measured by `npm run bench:deps`, not asserted here.
describe('a 5,000-package lockfile', () => {
  it('runs every check and reports only typosquats of popular names', () => {
    const { text } = bigLockfile(5000);
    const ctx = buildRiskContext({ 'package.json': '{\n  "name": "big-app",\n  "dependencies": {\n    "lodash": "^4.17.21"\n  }\n}\n', 'package-lock.json': text });
    expect(ctx.files[1]?.result.packages.length).toBe(5000);
    const findings = runRiskChecks(ctx);
    // A second run over the same context (warm indexes) gives the same answer.
    expect(runRiskChecks(ctx)).toEqual(findings);
    const typos = findings.filter((f) => f.ruleId === 'typosquat');
    expect(typos.length).toBeGreaterThan(0);
    // Every popular package in it is left alone; every report names a popular target.
    const popular = new Set(POPULAR.npm.names);
    for (const f of typos) expect(popular.has(f.title.split(' ')[0] ?? '')).toBe(false);
    expect(findings.filter((f) => f.ruleId !== 'typosquat')).toEqual([]);
  });
});

describe('similarity index', () => {
  const options = { minLength: 4, longFrom: 10 };
  const targets = POPULAR.npm.names.slice(0, 1500);
  const index = new SimilarityIndex(targets, options);

  function bruteForce(name: string): boolean {
    if (targets.includes(name) || name.length < options.minLength) return false;
    return targets.some((t) => t.length >= options.minLength && damerauLevenshtein(name, t, Math.max(name.length, t.length) >= options.longFrom ? 2 : 1) <= (Math.max(name.length, t.length) >= options.longFrom ? 2 : 1));
  }

  it('finds exactly the names brute force finds (edit distance part)', () => {
    const rnd = random(7);
    const probes: string[] = [];
    for (let i = 0; i < 400; i++) {
      const base = targets[Math.floor(rnd() * targets.length)] ?? 'react';
      const once = mutate(base, rnd);
      probes.push(once, mutate(once, rnd), `${base}${ALPHABET[i % 26] ?? 'a'}z`);
    }
    for (const name of probes) {
      const match = index.find(name);
      const edit = match?.kind === 'edit';
      if (match?.kind === 'confusable') continue; // found by skeleton instead
      expect(edit, name).toBe(bruteForce(name));
      if (match) expect(damerauLevenshtein(name, match.target, 2)).toBe(match.distance);
    }
  });

  it('answers every question exactly as the index with Map postings did, over both popular lists', () => {
    const rnd = random(11);
    for (const names of [POPULAR.npm.names, POPULAR.PyPI.names]) {
      const current = new SimilarityIndex(names, { minLength: 5, longFrom: 10 });
      const reference = new ReferenceIndex(names, { minLength: 5, longFrom: 10 });
      const probes = names.flatMap((name, i) => (i % 3 === 0 ? [name, mutate(name, rnd), mutate(mutate(name, rnd), rnd)] : [mutate(name, rnd)]));
      expect(probes.length).toBeGreaterThan(8000);
      let found = 0;
      for (const name of probes) {
        const answer = current.find(name);
        expect(answer, name).toEqual(reference.find(name));
        if (answer?.kind === 'edit') found++;
      }
      // Most probes are one or two edits from a popular name: the comparison covered real matches.
      expect(found).toBeGreaterThan(probes.length / 3);
    }
  });

  it('answers by a pass over the targets exactly as the built index does (the first questions of a scan)', () => {
    const rnd = random(13);
    // Look-alikes and separators (the skeleton), upper case, non-ASCII and the long-name two-edit filter.
    const extra = ['Rеact', 'REACT', 'r-e-a-c-t', 'rn0ment', 'vvebpack', 'l0dash', '1odash', 'LODASH', 'K-react', 'ｒeact', '@types/n0de', 'types-node', '__', 'a', 'İsarray', 'babel-core', 'x'.repeat(70), `${'y'.repeat(62)}ab`];
    for (const names of [POPULAR.npm.names, POPULAR.PyPI.names]) {
      const scanning = new SimilarityIndex(names, { minLength: 5, longFrom: 10 }, Number.POSITIVE_INFINITY);
      const built = new SimilarityIndex(names, { minLength: 5, longFrom: 10 }, 0);
      const probes = [...extra, ...names.flatMap((name, i) => (i % 6 === 0 ? [name, name.toUpperCase(), `${name}s`, mutate(name, rnd), mutate(mutate(name, rnd), rnd)] : []))];
      expect(probes.length).toBeGreaterThan(4000);
      const kinds = new Set<string>();
      for (const name of probes) {
        const answer = scanning.find(name);
        expect(answer, name).toEqual(built.find(name));
        kinds.add(`${answer?.kind}:${answer?.distance}`);
      }
      // The comparison covered look-alikes and one- and two-edit matches.
      for (const kind of ['confusable:1', 'edit:1', 'edit:2']) expect(kinds.has(kind), kind).toBe(true);
    }
  });

  it('finds look-alikes by a pass exactly as by the index, whatever the first characters of the skeleton', () => {
    const targets = ['rn-ath', 'r-nail', 'R_Nx-tool', 'vvolf', 'v.vault', 'vrnode', '0zone', '1ight', 'Isle', '|pipe', '5tar', '-x-ray', '@scope/rnode', 'ΚΑΠΑ-lib', 'ｒeact', '\u212Aelvin', ' \tspaced', 'rr', 'r'];
    const queries = [...targets.map(skeleton), ...targets.map((t) => t.toUpperCase()), ...targets.map((t) => `${t}x`), 'math', 'mail', 'mxtool', 'wolf', 'wault', 'vmode', 'ozone', 'light', 'lsle', 'lpipe', 'star', 'xray', 'scopemode', 'kelvin', 'spaced'];
    const scanning = new SimilarityIndex(targets, { minLength: 4, longFrom: 10 }, Number.POSITIVE_INFINITY);
    const built = new SimilarityIndex(targets, { minLength: 4, longFrom: 10 }, 0);
    let confusable = 0;
    for (const name of queries) {
      const answer = scanning.find(name);
      expect(answer, name).toEqual(built.find(name));
      if (answer?.kind === 'confusable') confusable++;
    }
    expect(confusable).toBeGreaterThan(20);
  });

  it('rules a pair out cheaply only when it is farther apart than allowed', () => {
    const rnd = random(17);
    const letters = 'abc';
    const word = (length: number) => Array.from({ length }, () => letters[Math.floor(rnd() * letters.length)] ?? 'a').join('');
    let count = 0;
    for (let i = 0; i < 60_000; i++) {
      const name = word(1 + Math.floor(rnd() * 16));
      const target = i % 3 === 0 ? word(1 + Math.floor(rnd() * 16)) : i % 3 === 1 ? mutate(mutate(name, rnd), rnd) : mutate(mutate(mutate(name, rnd), rnd), rnd);
      for (const max of [1, 2]) {
        const within = damerauLevenshtein(name, target, max) <= max;
        if (!ruledOut(name, target, max)) continue;
        count++;
        expect(within, `${name} ${target} ${max}`).toBe(false);
      }
    }
    expect(count).toBeGreaterThan(10_000);
  });

  it('computes optimal-string-alignment distances', () => {
    expect(damerauLevenshtein('react', 'raect', 3)).toBe(1);
    expect(damerauLevenshtein('lodash', 'lodahs', 3)).toBe(1);
    expect(damerauLevenshtein('express', 'expresss', 3)).toBe(1);
    expect(damerauLevenshtein('typescript', 'typscritp', 3)).toBe(2);
    expect(damerauLevenshtein('abc', 'xyz', 1)).toBe(2);
    expect(damerauLevenshtein('ca', 'abc', 5)).toBe(3);
  });
});
