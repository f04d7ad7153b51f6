import { describe, expect, it } from 'vitest';
import { isTestPath } from '../../../src/scanners/code/test-paths.js';
import { byRule, scan } from './helpers.js';

const COMMAND = ["const { exec } = require('child_process');", "app.get('/x', (req, res) => exec('ls ' + req.query.dir));"].join('\n');

describe('code scanner: test and fixture paths', () => {
  it('recognises test and fixture paths of the common frameworks', () => {
    for (const p of ['test/app.js', 'src/__tests__/a.ts', 'spec/x.rb', 'cypress/e2e/login.cy.ts', 'src/api.spec.ts', 'lib/a.test.js', 'tests/test_views.py', 'app/test_views.py', 'pkg/x_test.go', 'src/test/java/AppTest.java', 'tests/fixtures/x.py', 'fixtures/app.js'])
      expect(isTestPath(p), p).toBe(true);
    for (const p of ['src/app.js', 'testcode/BenchmarkTest00001.py', 'src/attestation.ts', 'app/contest.py', 'src/specification.ts', 'lib/latest/x.js'])
      expect(isTestPath(p), p).toBe(false);
  });

  it('caps a finding in test code at MEDIUM and says why', async () => {
    const [inApp] = byRule(await scan('src/routes.js', COMMAND), 'command-injection');
    const [inTest] = byRule(await scan('test/routes.test.js', COMMAND), 'command-injection');
    expect(inApp?.severity).toBe('CRITICAL');
    expect(inTest?.severity).toBe('MEDIUM');
    expect(inTest?.evidence.startsWith('[test code]')).toBe(true);
    expect(inTest?.description).toMatch(/test or fixture code/);
    expect(inApp?.evidence.startsWith('[test code]')).toBe(false);
  });

  it('names the CWE of every finding', async () => {
    const [f] = byRule(await scan('src/routes.js', COMMAND), 'command-injection');
    expect(f?.cwe).toBe('CWE-78');
  });
});

describe('the cwe field on the wire', () => {
  it('passes from the code finding through the pipeline', async () => {
    const { runPipeline } = await import('../../../src/engine/pipeline/index.js');
    const raw = byRule(await scan('src/routes.js', COMMAND), 'command-injection');
    const { findings } = runPipeline(raw, { target: 'x' });
    expect(findings[0]?.cwe).toBe('CWE-78');
  });
});
