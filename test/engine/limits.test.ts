import { describe, expect, it } from 'vitest';
import type { RawFinding, Severity } from '../../src/core/findings.js';
import { FindingCollector, runPipeline } from '../../src/engine/pipeline/index.js';
import { parseIgnoreFile } from '../../src/engine/pipeline/ignore-file.js';
import { COLLAPSE_MIN_FILES, droppedCount } from '../../src/engine/pipeline/limit.js';
import { buildScanResponse } from '../../src/outputs/scan-response.js';

// Built at run time so this file holds no token-shaped literal.
const SECRET = ['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('');

function code(path: string, line: number, severity: Severity = 'HIGH', ruleId = 'js-eval'): RawFinding {
  return {
    ruleId,
    category: 'code',
    scanner: 'code',
    severity,
    title: `Rule ${ruleId}`,
    description: 'd',
    evidence: `eval(req.query.x${line})`,
    remediation: 'r',
    confidence: 0.8,
    owaspCategories: ['A03:2021'],
    path,
    line,
    column: 1,
  };
}

const limits = { perScan: 50, perRule: 30, perFile: 10 };

describe('finding limits', () => {
  it('orders files by code unit, whatever the locale: capitals, then punctuation, then lower case', () => {
    // ICU's collation (localeCompare) would give _x.js, a.js, b.js, B.js, Z.js, é.js in an English locale.
    const paths = ['b.js', 'Z.js', '\u00e9.js', '_x.js', 'B.js', 'a.js'];
    const result = runPipeline(
      paths.map((path, i) => code(path, i + 1)),
      { target: 't', limits },
    );
    expect(result.findings.map((f) => f.location.path)).toEqual(['B.js', 'Z.js', '_x.js', 'a.js', 'b.js', '\u00e9.js']);
  });

  it('keeps everything and says nothing when under every cap', () => {
    const result = runPipeline([code('a.js', 1), code('b.js', 2)], { target: 't', limits });
    expect(result.findings).toHaveLength(2);
    expect(result.warning).toBeUndefined();
    expect(result.truncation).toEqual({ perScan: 0, perRule: 0, perFile: 0 });
  });

  it('caps one file, keeping its most severe findings, and names the cap in the warning', () => {
    const raw = Array.from({ length: 25 }, (_, i) => code('big.js', i + 1, i === 20 ? 'CRITICAL' : 'LOW'));
    const result = runPipeline(raw, { target: 't', limits });
    expect(result.findings).toHaveLength(10);
    expect(result.findings[0]?.severity).toBe('CRITICAL');
    expect(result.findings[0]?.location.line).toBe(21);
    expect(result.truncation.perFile).toBe(15);
    expect(result.warning).toContain('15 past 10 per file (VIGIL_MAX_FINDINGS_PER_FILE)');
  });

  it('caps a rule across files and the scan as a whole, most severe first', () => {
    const raw: RawFinding[] = [];
    for (let f = 0; f < 20; f++) for (let l = 1; l <= 5; l++) raw.push(code(`f${f}.js`, l + f * 10, 'MEDIUM', `rule-${f % 2}`));
    raw.push(code('z.js', 999, 'CRITICAL', 'rule-9'));
    const result = runPipeline(raw, { target: 't', limits });
    expect(result.findings).toHaveLength(50);
    expect(result.findings[0]?.severity).toBe('CRITICAL');
    const perRule = new Map<string, number>();
    for (const f of result.findings) perRule.set(f.rule_id ?? '', (perRule.get(f.rule_id ?? '') ?? 0) + 1);
    expect(Math.max(...perRule.values())).toBeLessThanOrEqual(30);
    expect(result.truncation.perRule + result.truncation.perScan).toBe(101 - 50);
  });

  it('collapses the same finding in many files into one that names the others', () => {
    const copies = COLLAPSE_MIN_FILES + 7;
    const raw = Array.from({ length: copies }, (_, i) => code(`vendor/copy${String(i).padStart(2, '0')}/lib.js`, 7));
    const result = runPipeline(raw, { target: 't', limits });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]?.location.path).toBe('vendor/copy00/lib.js');
    expect(result.findings[0]?.evidence).toContain(`the same in ${copies - 1} other files: vendor/copy01/lib.js`);
    expect(result.findings[0]?.evidence).toContain('and 6 more');
  });

  it('leaves a few copies as separate findings', () => {
    const raw = Array.from({ length: COLLAPSE_MIN_FILES }, (_, i) => code(`copy${i}/lib.js`, 7));
    expect(runPipeline(raw, { target: 't', limits }).findings).toHaveLength(COLLAPSE_MIN_FILES);
  });

  it('gives the same result fed batch by batch, past the early-compaction mark, as fed at once', () => {
    const small = { perScan: 100, perRule: 80, perFile: 20 };
    const raw: RawFinding[] = [];
    const severities: Severity[] = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL', 'INFO'];
    for (let f = 0; f < 1_500; f++) for (let l = 1; l <= 20; l++) raw.push(code(`d${f % 40}/f${f}.js`, l + f, severities[(f * 7 + l) % 5], `rule-${(f + l) % 6}`));
    const once = runPipeline(raw, { target: 't', limits: small });
    const collector = new FindingCollector({ target: 't', limits: small });
    for (let i = 0; i < raw.length; i += 700) collector.add(raw.slice(i, i + 700));
    const batched = collector.finish();
    expect(batched.findings).toEqual(once.findings);
    expect(batched.findings).toHaveLength(100);
    expect(batched.findings.every((f) => f.severity === 'CRITICAL')).toBe(true);
    // Which cap left a finding out can differ (an early pass sees fewer findings); how many cannot.
    expect(droppedCount(batched.truncation)).toBe(droppedCount(once.truncation));
  });

  it('keeps redacting a secret in the evidence of other findings even when the secret finding is left out', () => {
    const secretFinding: RawFinding = { ...code('cfg.js', 1, 'LOW', 'aws-access-key-id'), category: 'secrets', scanner: 'secrets', secret: SECRET, evidence: SECRET };
    const other = { ...code('cfg.js', 2, 'CRITICAL'), evidence: `eval("${SECRET}")` };
    const result = runPipeline([secretFinding, other], { target: 't', limits: { perScan: 1, perRule: 10, perFile: 10 } });
    expect(result.findings).toHaveLength(1);
    expect(JSON.stringify(result.findings)).not.toContain(SECRET);
    expect(result.findings[0]?.evidence).toContain('[REDACTED]');
  });
});

describe('limits applied in the workers (FindingCollector.drain / addCollected)', () => {
  const small = { perScan: 100, perRule: 80, perFile: 20 };

  /** Splits findings into batches by file, as the worker pool does, and runs one collector per batch. */
  function throughWorkers(raw: readonly RawFinding[], batchCount: number, options: { target: string; limits: typeof small }) {
    const batches = Array.from({ length: batchCount }, () => new FindingCollector(options));
    const files = [...new Set(raw.map((f) => f.path))];
    for (const f of raw) batches[files.indexOf(f.path) % batchCount]?.add([f]);
    const main = new FindingCollector(options);
    for (const b of batches) main.addCollected(b.drain());
    return main.finish();
  }

  const severities: Severity[] = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL', 'INFO'];
  function many(files: number, perFile: number): RawFinding[] {
    const raw: RawFinding[] = [];
    for (let f = 0; f < files; f++) for (let l = 1; l <= perFile; l++) raw.push(code(`d${f % 40}/f${f}.js`, l + f, severities[(f * 7 + l) % 5], `rule-${(f + l) % 6}`));
    return raw;
  }

  it('passes batches under a whole result on unchanged: the same answer as one collector over everything', () => {
    const raw = many(60, 5);
    const once = runPipeline(raw, { target: 't', limits: small });
    const batched = throughWorkers(raw, 4, { target: 't', limits: small });
    expect(batched.findings).toEqual(once.findings);
    expect(batched.truncation).toEqual(once.truncation);
  });

  it('limits a batch larger than a whole result in the worker, keeping the most severe and counting every drop', () => {
    const raw = many(600, 30);
    const worker = new FindingCollector({ target: 't', limits: small });
    worker.add(raw);
    const batch = worker.drain();
    expect(batch.findings.length).toBeLessThanOrEqual(small.perScan);
    const once = runPipeline(raw, { target: 't', limits: small });
    const batched = throughWorkers(raw, 4, { target: 't', limits: small });
    expect(batched.findings).toHaveLength(small.perScan);
    expect(batched.findings.every((f) => f.severity === 'CRITICAL')).toBe(true);
    // A copy a batch dropped is counted as dropped, not as a collapsed copy: the total shown plus left out still covers every finding.
    expect(batched.findings.map((f) => f.id)).toEqual(once.findings.map((f) => f.id));
    expect(droppedCount(batched.truncation)).toBeGreaterThanOrEqual(droppedCount(once.truncation));
  });

  it('collapses copies of one file spread over several batches into one finding that counts them all', () => {
    const copies = 40;
    const raw = Array.from({ length: copies }, (_, i) => code(`copy${String(i).padStart(2, '0')}/lib.js`, 7));
    const result = throughWorkers(raw, 3, { target: 't', limits: small });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]?.evidence).toContain(`the same in ${copies - 1} other files`);
  });

  it('reports copies past the per-file cap on the first copy, however the copies are batched', () => {
    // 30 copies of a file with 40 findings each; the cap is 20 per file. One batch big enough to be limited in
    // its worker, the others passed on whole: the copies still collapse into the first file, within its cap.
    const copies = 30;
    const file = (i: number) => Array.from({ length: 40 }, (_, l) => code(`copies/c${String(i).padStart(2, '0')}/gen.js`, l + 1));
    const once = runPipeline(Array.from({ length: copies }, (_, i) => file(i)).flat(), { target: 't', limits: small });
    for (const split of [[0, 12, 30], [0, 4, 8, 30], [0, 1, 30], [0, 25, 26, 30]]) {
      const main = new FindingCollector({ target: 't', limits: small });
      for (let b = 0; b + 1 < split.length; b++) {
        const worker = new FindingCollector({ target: 't', limits: small });
        for (let i = split[b] as number; i < (split[b + 1] as number); i++) worker.add(file(i));
        main.addCollected(worker.drain());
      }
      const result = main.finish();
      // The same places; how many copies each names may be fewer (a copy a batch left out is counted as left out).
      expect(result.findings.map((f) => f.location), JSON.stringify(split)).toEqual(once.findings.map((f) => f.location));
      expect(new Set(result.findings.map((f) => ('path' in f.location ? f.location.path : '')))).toEqual(new Set(['copies/c00/gen.js']));
      expect(result.findings).toHaveLength(small.perFile);
    }
  });

  it('redacts in the worker a secret whose own finding the worker left out', () => {
    const secretFinding: RawFinding = { ...code('cfg.js', 1, 'LOW', 'aws-access-key-id'), category: 'secrets', scanner: 'secrets', secret: SECRET, evidence: SECRET };
    const other = { ...code('cfg.js', 2, 'CRITICAL'), evidence: `eval("${SECRET}")` };
    const worker = new FindingCollector({ target: 't', limits: { perScan: 1, perRule: 10, perFile: 10 } });
    worker.add([secretFinding, other]);
    const batch = worker.drain();
    expect(batch.findings).toHaveLength(1);
    expect(batch.findings[0]?.raw.evidence).not.toContain(SECRET);
    expect(batch.truncation.perScan).toBe(1);
    const main = new FindingCollector({ target: 't' });
    main.addCollected(batch);
    const result = main.finish();
    expect(JSON.stringify(result.findings)).not.toContain(SECRET);
    expect(result.truncation.perScan).toBe(1);
  });

  it('counts what the ignore file dropped in the worker', () => {
    const ignore = parseIgnoreFile('path:vendor/**\n', '2026-01-01');
    const worker = new FindingCollector({ target: 't', ignore });
    worker.add([code('vendor/a.js', 1), code('src/b.js', 1)]);
    const main = new FindingCollector({ target: 't' });
    main.addCollected(worker.drain());
    const result = main.finish();
    expect(result.findings.map((f) => f.location.path)).toEqual(['src/b.js']);
    expect(result.ignored).toBe(1);
  });
});

describe('the byte ceiling of a result', () => {
  it('leaves out the least severe findings until the response fits, and says so', () => {
    const findings = runPipeline(
      Array.from({ length: 40 }, (_, i) => ({ ...code(`f${i}.js`, 1, i < 5 ? 'CRITICAL' : 'LOW'), evidence: `eval(${'x'.repeat(2_000)}${i})` })),
      { target: 't', limits: { perScan: 100, perRule: 100, perFile: 10 } },
    ).findings;
    expect(findings).toHaveLength(40);
    const response = buildScanResponse({
      scanId: 'S1',
      targetType: 'github',
      target: 't',
      startedAt: new Date(0),
      completedAt: new Date(0),
      outcome: { findings, warnings: [], stats: { truncated: false, findings_omitted: 0 } },
      maxBytes: 30_000,
    });
    expect(Buffer.byteLength(JSON.stringify(response))).toBeLessThanOrEqual(30_000);
    expect(response.finding_count).toBe(response.findings.length);
    expect(response.findings.length).toBeLessThan(40);
    expect(response.findings.filter((f) => f.severity === 'CRITICAL')).toHaveLength(5);
    expect(response.stats).toMatchObject({ truncated: true, findings_omitted: 40 - response.findings.length });
    expect(response.warnings.at(-1)).toMatch(/^The result is truncated: \d+ of the least severe findings were left out/);
    const small = buildScanResponse({ scanId: 'S2', targetType: 'github', target: 't', startedAt: new Date(0), completedAt: new Date(0), outcome: { findings, warnings: [], stats: {} } });
    expect(small.findings).toHaveLength(40);
  });
});
