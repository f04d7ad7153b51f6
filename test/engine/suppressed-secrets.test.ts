/**
 * A secret whose own finding is suppressed (an inline `vigil-ignore` naming its rule) is still a
 * secret: no other finding of its file may show it, whichever scanner reports that finding and
 * whichever path the scan takes (folder read at once, walked as it arrives, one thread or several, a
 * batch run whole or in two halves on two threads).
 * Hard-coded keys the code scanner reports are secrets too: its evidence never shows them.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawFinding } from '../../src/core/findings.js';
import { openLocalDirectory, walkLocalDirectory } from '../../src/adapters/sources/local.js';
import { FindingCollector } from '../../src/engine/pipeline/index.js';
import { createAdaptiveScanPool, createScanPool, type ScanPool } from '../../src/engine/pool.js';
import { createThreadLane } from '../../src/engine/lane.js';
import { FILE_SCANNERS } from '../../src/scanners/index.js';
import { scanArrivingWorkspace, scanWorkspace, type ScanOutcome } from '../../src/engine/scan-workspace.js';
import { findingId } from '../../src/engine/pipeline/fingerprint.js';

// Fabricated credentials, split so the repository holds no whole token.
const AWS_KEY = ['AKIA', 'Z3MSJV4WWNKWW5FG'].join('');
const HMAC_KEY = ['pa4qacea', '4VK9t9nGv7yZtwmj'].join('');
const SESSION_KEYS = [['k3yOne', 'Rb7Qx2Lp'].join(''), ['k3yTwo', 'Vn4Ws8Jd'].join('')];

let dir: string;
let pool: ScanPool;

async function put(path: string, content: string): Promise<void> {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), content);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vigil-suppressed-'));
  pool = createScanPool(2);
  await put(
    'src/token.js',
    [
      "const jwt = require('jsonwebtoken');",
      `const token = jwt.sign({ id: 1 }, '${AWS_KEY}'); // vigil-ignore: aws-access-key-id`,
      "const crypto = require('crypto');",
      `const mac = crypto.createHmac('sha256', '${HMAC_KEY}');`,
      "const session = require('express-session');",
      `app.use(session({ secret: ['${SESSION_KEYS[0]}', '${SESSION_KEYS[1]}'] }));`,
      '',
    ].join('\n'),
  );
  // A finding that is no secret finding itself, on the line of a suppressed key: only the key's own
  // (suppressed) finding tells that the line holds a secret.
  await put(
    'src/run.js',
    [
      "const express = require('express');",
      'const app = express();',
      "app.get('/run', (req, res) => {",
      `  res.send(eval(req.query.code + '${AWS_KEY}')); // vigil-ignore: aws-access-key-id`,
      '});',
      '',
    ].join('\n'),
  );
});

afterAll(async () => {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
});

const options = { timeoutMs: 120_000, today: '2026-11-26' };
const leaks = (o: ScanOutcome) => [AWS_KEY, HMAC_KEY, ...SESSION_KEYS].filter((k) => JSON.stringify(o).includes(k));

describe('suppressed and hard-coded secrets', () => {
  it('never show in another finding of their file, on every scan path', async () => {
    const outcomes: ScanOutcome[] = [await scanWorkspace(await openLocalDirectory(dir), 'app', { pool, ...options })];
    const walked = await scanArrivingWorkspace(await walkLocalDirectory(dir), 'app', { pool, ...options });
    await walked.workspace.dispose();
    outcomes.push(walked.outcome);
    // The command line's pool on a tree it scans on its own thread, with the code scanner on a thread of its
    // own: the key's suppressed finding and the code findings that show it come from different threads.
    const code = FILE_SCANNERS.filter((s) => s.name === 'code').map((s) => s.module);
    const split = createAdaptiveScanPool(2, { bytes: 1e9, files: 1e6, offloadBytes: 0 }, undefined, createThreadLane, code);
    try {
      const arriving = await walkLocalDirectory(dir, { memoryBytes: 1 << 20, onProgress: (files, bytes) => split.observe(files, bytes) });
      void arriving.workspace.finally(() => split.walked()).catch(() => undefined);
      const scanned = await scanArrivingWorkspace(arriving, 'app', { pool: split, ...options });
      await scanned.workspace.dispose();
      expect(split.placement).toBe('inline');
      expect(split.threads).toBe(1);
      outcomes.push(scanned.outcome);
    } finally {
      await split.close();
    }
    for (const outcome of outcomes) {
      const rules = outcome.findings.map((f) => f.rule_id);
      // The key's own finding is suppressed; the code findings on the same lines are not.
      expect(rules).not.toContain('aws-access-key-id');
      expect(rules).toEqual(expect.arrayContaining(['jwt-hardcoded-secret', 'hardcoded-signing-key', 'hardcoded-session-secret']));
      expect(outcome.stats.suppressed_inline).toBeGreaterThan(0);
      expect(leaks(outcome)).toEqual([]);
      const jwt = outcome.findings.find((f) => f.rule_id === 'jwt-hardcoded-secret');
      expect(jwt?.evidence).toContain("jwt.sign({ id: 1 }, '[REDACTED]')");
      const injection = outcome.findings.find((f) => f.rule_id === 'code-injection');
      expect(injection?.evidence).toContain("eval(req.query.code + '[REDACTED]')");
    }
    for (const outcome of outcomes.slice(1)) expect(outcome.findings.map((f) => f.id)).toEqual(outcomes[0]?.findings.map((f) => f.id));
  });
});

describe('FindingCollector.remember', () => {
  const finding = (overrides: Partial<RawFinding>): RawFinding => ({
    ruleId: 'sql-injection',
    category: 'code',
    scanner: 'code',
    severity: 'HIGH',
    title: 'SQL injection',
    description: 'Query built from input',
    evidence: `db.query("SELECT 1", '${AWS_KEY}')`,
    remediation: 'Bind parameters',
    confidence: 0.8,
    owaspCategories: ['A03:2021'],
    path: 'src/db.js',
    line: 4,
    column: 1,
    ...overrides,
  });

  it('redacts a remembered secret from later findings of its path only, and passes it on with the batch', () => {
    const worker = new FindingCollector({ target: 'app' });
    worker.remember([{ path: 'src/db.js', secret: AWS_KEY }]);
    worker.add([finding({}), finding({ path: 'src/other.js' })]);
    const batch = worker.drain();
    expect(batch.hidden).toEqual([{ path: 'src/db.js', secret: AWS_KEY }]);
    // A repository scanner's finding of the same file, merged on the main thread after the batch.
    const main = new FindingCollector({ target: 'app' });
    main.addCollected(batch);
    main.add([finding({ ruleId: 'cross-file-flow', line: 9 })]);
    const { findings } = main.finish();
    const byPath = (p: string) => findings.filter((f) => 'path' in f.location && f.location.path === p);
    expect(byPath('src/db.js').map((f) => f.evidence)).toEqual([`db.query("SELECT 1", '[REDACTED]')`, `db.query("SELECT 1", '[REDACTED]')`]);
    expect(byPath('src/other.js')[0]?.evidence).toContain(AWS_KEY);
  });

  it('keeps the id of a code finding that names the key it found', () => {
    const material = 'jwt-hardcoded-secret:jwt.sign(x, k)';
    const plain = finding({ ruleId: 'jwt-hardcoded-secret', fingerprintMaterial: material });
    expect(findingId('app', { ...plain, secret: HMAC_KEY })).toBe(findingId('app', plain));
  });
});
