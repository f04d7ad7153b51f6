/**
 * SARIF of real findings from every scanner: `vigil scan <dir> --format sarif` over a
 * directory with a secret, a dotenv file, vulnerable code, a risky workflow and an
 * unpinned dependency; and the API scanner's findings as POST /v1/scan/api builds them.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import type { Finding } from '../../src/core/findings.js';
import { runPipeline } from '../../src/engine/pipeline/index.js';
import { toSarif } from '../../src/outputs/sarif.js';
import { exampleToRetrieved } from '../../src/scanners/http/examples.js';
import { scanRetrieved } from '../../src/scanners/http/scanner.js';
import { SECRETS } from '../services/fixes/helpers.js';
import { githubCodeScanningProblems, sarifSchemaErrors } from '../helpers/sarif.js';

const FILES: Readonly<Record<string, string>> = {
  'src/config.ts': `export const awsKey = "${SECRETS.aws}";\n`,
  'web/a #1.js': `const slack = "${SECRETS.slack}";\n`,
  '.env': 'DATABASE_URL=postgres://localhost/app\n',
  'server.js': "const { exec } = require('child_process');\napp.get('/ping', (req, res) => {\n  exec('ping -c 1 ' + req.query.host, (err, out) => res.send(out));\n});\n",
  '.github/workflows/ci.yml': 'on: issues\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${{ github.event.issue.title }}"\n',
  'requirements.txt': 'requests\n',
};

interface Result {
  ruleId: string;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } } }[];
  properties: { scanner: string; id: string };
}
interface Log {
  runs: { results: Result[] }[];
}

let dir: string;
let log: Log;
let text = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vigil-sarif-'));
  for (const [path, content] of Object.entries(FILES)) {
    await mkdir(join(dir, 'repo', dirname(path)), { recursive: true });
    await writeFile(join(dir, 'repo', path), content);
  }
  let err = '';
  const code = await runCli(['scan', 'repo', '--format', 'sarif'], {
    env: { VIGIL_DATA_DIR: join(dir, 'data'), VIGIL_SCAN_WORKERS: '1' },
    cwd: dir,
    out: (t) => (text += t),
    err: (t) => (err += t),
  });
  expect(code, err).toBe(0);
  log = JSON.parse(text) as Log;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const results = () => log.runs[0]?.results ?? [];

describe('SARIF of a repository scan with findings from every file scanner', () => {
  it('has results of the secrets, code, CI/CD and supply-chain scanners', () => {
    expect(new Set(results().map((r) => r.properties.scanner))).toEqual(new Set(['secrets', 'code', 'cicd', 'supply_chain']));
  });

  it('is valid against the OASIS SARIF 2.1.0 schema and the rtm.5 schema', () => {
    expect(sarifSchemaErrors(log)).toEqual([]);
  });

  it('meets GitHub code scanning\'s requirements: declared rule ids, messages, relative URIs, lines from 1', () => {
    expect(githubCodeScanningProblems(log)).toEqual([]);
  });

  it('states no title twice in a message, and starts every message with one sentence', () => {
    for (const result of results()) {
      const text = result.message.text;
      const first = text.split('. Evidence: ')[0] ?? '';
      expect(text.indexOf(first, first.length), text).toBe(-1);
      expect(text, text).toMatch(/^[^\n]+[.!?](?: Evidence: .+)?$/);
    }
    const aws = results().find((r) => r.message.text.startsWith('AWS access key'));
    expect(aws?.message.text).toBe('AWS access key. Evidence: export const awsKey = "[REDACTED]";');
  });

  it('percent-encodes paths into relative URIs', () => {
    const uris = results().map((r) => r.locations[0]?.physicalLocation.artifactLocation.uri);
    expect(uris).toContain('web/a%20%231.js');
    expect(uris).toContain('.github/workflows/ci.yml');
  });

  it('carries no planted secret', () => {
    for (const secret of [SECRETS.aws, SECRETS.slack]) expect(text).not.toContain(secret);
  });
});

describe('SARIF of an API scan', () => {
  const retrieved = exampleToRetrieved({
    note: 'weak headers and credentialed CORS',
    headers: { 'content-type': 'text/html', server: 'nginx/1.18.0', 'set-cookie': ['sessionid=s3cr3t-session-value; Path=/'] },
    http: { status: 200, headers: { 'content-type': 'text/html' } },
    probes: [{ kind: 'arbitrary', method: 'GET', headers: { 'access-control-allow-origin': '{origin}', 'access-control-allow-credentials': 'true' } }],
  });
  const raw = scanRetrieved(retrieved).map(({ raw: finding, url, method }) => ({ ...finding, url, method }));
  const findings: Finding[] = runPipeline(raw, { target: 'https://api.example.com/' }).findings;
  const sarif = toSarif(findings) as Log;

  it('is valid SARIF with a result per finding, located at the URL requested', () => {
    expect(findings.length).toBeGreaterThan(3);
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    expect(githubCodeScanningProblems(sarif, { relative: false })).toEqual([]);
    for (const result of sarif.runs[0]?.results ?? []) expect(result.locations[0]?.physicalLocation.artifactLocation.uri).toMatch(/^https?:\/\//);
  });

  it('has one-sentence titles followed by the evidence, multi-line evidence on one line', () => {
    for (const result of sarif.runs[0]?.results ?? []) expect(result.message.text, result.message.text).toMatch(/^[^\n]+[.!?](?: Evidence: [^\n]+)?$/);
    expect(JSON.stringify(sarif)).not.toContain('s3cr3t-session-value');
  });
});
