/**
 * FileScanner.wants: a scanner says from a path alone that it would find nothing there, and the
 * engine then neither reads nor decodes a file that no scanner of its batch wants, while the
 * tallies stay as if every scanner had seen every file.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import scanBatch from '../../src/engine/worker.js';
import { scanner as codeScanner } from '../../src/scanners/code/scanner.js';
import { scanner as cicdScanner } from '../../src/scanners/workflows/scanner.js';
import { FILE_SCANNERS } from '../../src/scanners/index.js';

const moduleOf = (name: string) => FILE_SCANNERS.filter((s) => s.name === name).map((s) => s.module);
const [CODE, CICD, SECRETS] = [moduleOf('code'), moduleOf('cicd'), moduleOf('secrets')];
const INJECTION = "const express = require('express');\nconst app = express();\napp.get('/', (req, res) => res.send(eval(req.query.code)));\n";
const WORKFLOW = 'on: pull_request_target\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${{ github.event.pull_request.title }}"\n';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'vigil-wants-'));
  await mkdir(join(root, 'src'));
  await writeFile(join(root, 'src/app.js'), INJECTION);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('files no scanner wants', () => {
  it('are not read: a missing one is no unreadable file, yet each scanner counts it', async () => {
    const paths = ['notes/missing.md', 'src/app.js', '.github/workflows/missing.yml'];
    const result = await scanBatch({ root, paths, scannerModules: [...CODE, ...CICD] });
    // Only the workflow path, which the CI scanner wants, was read (and is missing).
    expect(result.unreadable).toBe(1);
    // The note counts as scanned for both (nothing found); the unreadable workflow for neither, as before.
    expect(result.tallies.code?.files).toBe(2);
    expect(result.tallies.cicd?.files).toBe(2);
    expect(result.findings.map((f) => `${f.path} ${f.ruleId}`)).toEqual(['src/app.js code-injection']);
    // The secrets scanner wants every file: then the missing note is read, and unreadable.
    const all = await scanBatch({ root, paths, scannerModules: [...SECRETS, ...CODE, ...CICD] });
    expect(all.unreadable).toBe(2);
  });

  it('are those where scanFile finds nothing whatever the text', () => {
    expect(codeScanner.wants?.('src/app.js')).toBe(true);
    expect(codeScanner.wants?.('views/index.html')).toBe(true);
    expect(codeScanner.wants?.('docs/app.md')).toBe(false);
    expect(codeScanner.scanFile({ path: 'src/app.js', text: INJECTION }).length).toBeGreaterThan(0);
    expect(codeScanner.scanFile({ path: 'docs/app.md', text: INJECTION })).toEqual([]);
    expect(cicdScanner.wants?.('.github/workflows/ci.yml')).toBe(true);
    expect(cicdScanner.wants?.('ci.yml')).toBe(false);
    expect(cicdScanner.scanFile({ path: '.github/workflows/ci.yml', text: WORKFLOW }).length).toBeGreaterThan(0);
    expect(cicdScanner.scanFile({ path: 'ci.yml', text: WORKFLOW })).toEqual([]);
  });
});
