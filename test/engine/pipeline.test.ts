import { describe, expect, it, vi } from 'vitest';
import type { RawFinding } from '../../src/core/findings.js';
import { InlineSuppressions } from '../../src/engine/pipeline/inline.js';
import { isIgnored, parseIgnoreFile } from '../../src/engine/pipeline/ignore-file.js';
import { runPipeline } from '../../src/engine/pipeline/index.js';

// Built at run time so this file holds no token-shaped literal.
const SECRET = ['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('');

function raw(overrides: Partial<RawFinding> = {}): RawFinding {
  return {
    ruleId: 'aws-access-key-id',
    category: 'secrets',
    scanner: 'secrets',
    severity: 'HIGH',
    title: 'AWS access key',
    description: 'A key',
    evidence: `AWS access key: key = "${SECRET}"`,
    remediation: 'Rotate it',
    confidence: 0.9,
    owaspCategories: ['A07:2021'],
    path: 'src/a.ts',
    line: 3,
    column: 8,
    secret: SECRET,
    ...overrides,
  };
}

describe('inline suppressions', () => {
  const text = ['const a = 1; // vigil-ignore', '// vigil-ignore: jwt, generic-secret-assignment', 'const b = 2;', 'x = 1 // vigil-ignore', 'y = 2'].join('\n');
  const inline = new InlineSuppressions(text);

  it('applies on the same line to every rule', () => {
    expect(inline.isSuppressed(1, 'anything')).toBe(true);
  });

  it('applies from a comment-only line before, to the named rules only', () => {
    expect(inline.isSuppressed(3, 'jwt')).toBe(true);
    expect(inline.isSuppressed(3, 'generic-secret-assignment')).toBe(true);
    expect(inline.isSuppressed(3, 'private-key')).toBe(false);
  });

  it('does not carry a trailing comment on a code line to the next line', () => {
    expect(inline.isSuppressed(5, 'anything')).toBe(false);
  });

  it('searches a file for the marker once, however many findings it has', () => {
    const unmarked = new InlineSuppressions(Array.from({ length: 2000 }, (_, i) => `const k${i} = 'x';`).join('\n'));
    const includes = vi.spyOn(String.prototype, 'includes');
    try {
      for (let line = 1; line <= 2000; line++) expect(unmarked.isSuppressed(line, 'generic-secret-assignment')).toBe(false);
      expect(includes.mock.calls.filter(([needle]) => needle === 'vigil-ignore')).toHaveLength(1);
    } finally {
      includes.mockRestore();
    }
  });
});

describe('.vigilignore', () => {
  const today = '2026-06-01';

  it('matches path globs, rule ids, finding ids and their combinations', () => {
    const file = parseIgnoreFile(['docs/**  # generated examples', 'jwt', 'rule:private-key path:test/**', 'SEC-ABC123'].join('\n'), today);
    expect(file.warnings).toEqual([]);
    const base = { id: 'SEC-ZZZZZZ', ruleId: 'aws-access-key-id', path: 'src/a.ts' };
    expect(isIgnored(file, { ...base, path: 'docs/rules/secrets.md' })).toBe(true);
    expect(isIgnored(file, { ...base, ruleId: 'jwt' })).toBe(true);
    expect(isIgnored(file, { ...base, ruleId: 'private-key', path: 'test/keys/a.pem' })).toBe(true);
    expect(isIgnored(file, { ...base, ruleId: 'private-key', path: 'src/a.pem' })).toBe(false);
    expect(isIgnored(file, { ...base, id: 'SEC-ABC123' })).toBe(true);
    expect(isIgnored(file, base)).toBe(false);
  });

  it('is applied by the pipeline and counted', () => {
    const finding = raw();
    const id = runPipeline([finding], { target: 'o/r' }).findings[0]?.id ?? '';
    const result = runPipeline([finding, raw({ path: 'src/b.ts' })], { target: 'o/r', ignore: parseIgnoreFile(`${id} # accepted risk`, today) });
    expect(result.ignored).toBe(1);
    expect(result.findings.map((f) => f.location.path)).toEqual(['src/b.ts']);
  });

  it('drops expired entries and bad lines with a warning', () => {
    const file = parseIgnoreFile(['src/** expires=2026-01-01', 'jwt expires=2026-13-45', 'src/a.ts expires=2027-01-01'].join('\n'), today);
    expect(file.warnings).toEqual([
      '.vigilignore line 1 expired on 2026-01-01 and no longer applies',
      '.vigilignore line 2 ignored: invalid expiry date "2026-13-45" (use YYYY-MM-DD)',
    ]);
    expect(file.entries.map((e) => e.line)).toEqual([3]);
  });
});

describe('pipeline', () => {
  it('gives ids of the form PREFIX-XXXXXX that survive the line moving', () => {
    const a = runPipeline([raw({ line: 3 })], { target: 'o/r' }).findings[0];
    const b = runPipeline([raw({ line: 90, column: 1 })], { target: 'o/r' }).findings[0];
    expect(a?.id).toMatch(/^SEC-[A-Z0-9]{6}$/);
    expect(a?.id).toBe(b?.id);
    const otherRepo = runPipeline([raw()], { target: 'o/other' }).findings[0];
    expect(otherRepo?.id).not.toBe(a?.id);
    const otherPath = runPipeline([raw({ path: 'src/b.ts' })], { target: 'o/r' }).findings[0];
    expect(otherPath?.id).not.toBe(a?.id);
  });

  it('uses the documented prefix of each category', () => {
    const ids = runPipeline(
      [raw(), raw({ category: 'supply_chain', ruleId: 'x', secret: undefined, fingerprintMaterial: 'a@1' }), raw({ category: 'code', ruleId: 'y' }), raw({ category: 'cicd', ruleId: 'z' }), raw({ category: 'headers', ruleId: 'h' })],
      { target: 'o/r' },
    ).findings.map((f) => f.id.split('-')[0]);
    expect(ids.sort()).toEqual(['API', 'CICD', 'CODE', 'DEP', 'SEC']);
  });

  it('merges the same leak on several lines into one finding that lists them', () => {
    const { findings } = runPipeline([raw({ line: 9 }), raw({ line: 3 }), raw({ line: 20 })], { target: 'o/r' });
    expect(findings).toHaveLength(1);
    expect(findings[0]?.location.line).toBe(3);
    expect(findings[0]?.evidence).toMatch(/also on lines 9, 20\)$/);
  });

  it('keeps the more severe of two findings with one id at the same place, whichever came first', () => {
    const site = { category: 'code' as const, ruleId: 'command-injection', secret: undefined, fingerprintMaterial: 'command-injection:exec(cmd)', line: 4, column: 3 };
    const unproven = raw({ ...site, severity: 'MEDIUM', confidence: 0.5, description: 'built at run time' });
    const proven = raw({ ...site, severity: 'CRITICAL', confidence: 0.9, description: 'request data from routes/a.js' });
    for (const order of [[unproven, proven], [proven, unproven]]) {
      const { findings } = runPipeline(order, { target: 'o/r' });
      expect(findings.map((f) => [f.severity, f.description, f.evidence])).toEqual([['CRITICAL', 'request data from routes/a.js', proven.evidence]]);
    }
  });

  it('redacts every secret of the file from every text field and drops the raw value', () => {
    const other = ['xoxb', '2384729384-2837462938475-Qw8ErT5yUi2OpAs7DfGh9JkL'].join('-');
    const { findings } = runPipeline(
      [raw({ evidence: `key = "${SECRET}" token = "${other}"` }), raw({ ruleId: 'slack-bot-token', title: 'Slack token', secret: other, evidence: `token = "${other}"`, description: `Found ${SECRET}` })],
      { target: 'o/r' },
    );
    const text = JSON.stringify(findings);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(other);
    expect(text).toContain('[REDACTED]');
    expect(findings.every((f) => !('secret' in f))).toBe(true);
  });

  it('sorts by severity, then path, line and column', () => {
    const { findings } = runPipeline(
      [
        raw({ severity: 'LOW', path: 'a.ts', secret: 'aaaa1111bbbb' }),
        raw({ severity: 'CRITICAL', path: 'z.ts', secret: 'cccc2222dddd' }),
        raw({ severity: 'CRITICAL', path: 'b.ts', line: 9, secret: 'eeee3333ffff' }),
        raw({ severity: 'CRITICAL', path: 'b.ts', line: 2, secret: 'gggg4444hhhh' }),
      ],
      { target: 'o/r' },
    );
    expect(findings.map((f) => `${f.severity} ${f.location.path}:${f.location.line}`)).toEqual(['CRITICAL b.ts:2', 'CRITICAL b.ts:9', 'CRITICAL z.ts:3', 'LOW a.ts:3']);
  });
});
