import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_AHEAD_FILES } from '../../../src/engine/worker.js';
import { loadAllLanguages, parseAheadStats, parserBackend, setParseAhead } from '../../../src/scanners/code/parser.js';
import { CODE_RULES } from '../../../src/scanners/code/rules/index.js';
import { createCodeScanner } from '../../../src/scanners/code/scanner.js';
import { fixtureSources } from './helpers.js';

const EXTENSION = { javascript: 'js', typescript: 'ts', tsx: 'tsx', python: 'py', php: 'php', go: 'go', java: 'java', ruby: 'rb' } as const;

/** Every fixture source file and template, and every rule's documented examples as files of their language. */
function corpus(): { path: string; text: string }[] {
  const out = fixtureSources({ templates: true }).map(({ path, text }) => ({ path, text }));
  for (const rule of CODE_RULES) {
    for (const [i, e] of rule.docs.examples.entries()) {
      out.push({ path: `src/examples/${rule.id}-${i}-bad.${EXTENSION[e.language]}`, text: e.bad });
      out.push({ path: `src/examples/${rule.id}-${i}-good.${EXTENSION[e.language]}`, text: e.good });
    }
  }
  return out;
}

/** One scanner over the files in order, each named to lookAhead READ_AHEAD_FILES ahead as the engine does, or never. */
function scanAll(files: readonly { path: string; text: string }[], ahead: boolean) {
  setParseAhead(ahead);
  const scanner = createCodeScanner();
  const findings = files.map((file, i) => {
    if (ahead && i === 0) for (const next of files.slice(1, 1 + READ_AHEAD_FILES)) scanner.lookAhead?.(next);
    else if (ahead && files[i + READ_AHEAD_FILES]) scanner.lookAhead?.(files[i + READ_AHEAD_FILES] as (typeof files)[number]);
    return scanner.scanFile(file);
  });
  return { findings, counts: scanner.takeCounts?.(), facts: scanner.takeFacts?.() };
}

describe('code scanner: parsing ahead changes nothing but where the parse runs', () => {
  beforeAll(loadAllLanguages);
  afterAll(() => setParseAhead(true));

  it.skipIf(process.env.VIGIL_PARSER === 'wasm')('gives the same findings, counts and facts, with the parses taken from the helper thread', () => {
    expect(parserBackend().backend).toBe('native');
    const files = corpus();
    expect(files.length).toBeGreaterThan(500);
    const plain = scanAll(files, false);
    const before = { ...parseAheadStats };
    const ahead = scanAll(files, true);
    expect(ahead.findings).toEqual(plain.findings);
    expect(ahead.counts).toEqual(plain.counts);
    expect(ahead.facts).toEqual(plain.facts);
    expect(plain.findings.flat().length).toBeGreaterThan(100);
    // Every file parsed but the first was parsed ahead, and none was dropped.
    const parsed = (plain.counts?.parsed ?? 0) + (plain.counts?.unparsable ?? 0);
    expect(parsed).toBeGreaterThan(300);
    expect(parseAheadStats.taken - before.taken).toBeGreaterThanOrEqual(parsed - 1);
    expect(parseAheadStats.dropped - before.dropped).toBe(0);
  });
});
