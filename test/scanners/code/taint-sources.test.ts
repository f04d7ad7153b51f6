/**
 * Every request source of taint-sources.ts, through its examples: the source reaching `eval` is
 * reported by code-injection as request data (confidence 0.9, naming the source); the same
 * handler with a constant in the source's place is not reported at all.
 */
import { describe, expect, it } from 'vitest';
import { LanguagePrefilter } from '../../../src/scanners/code/prefilter.js';
import { JS_SERVER_SOURCE_TRIGGERS, JS_SOURCE_TRIGGERS, PYTHON_SOURCE_TRIGGERS } from '../../../src/scanners/code/taint.js';
import { PARAMETER_SOURCES, REQUEST_OBJECT_SOURCES, type SourceExample, type SourceLanguage } from '../../../src/scanners/code/taint-sources.js';
import { byRule, scan } from './helpers.js';

const pathFor = (language: SourceLanguage): string => (language === 'python' ? 'app/views.py' : 'src/handler.ts');

/** The example with the last occurrence of its source (the one nearest the sink) replaced by a constant. */
function withConstant(example: SourceExample): string {
  const replaced = example.replace ?? example.source;
  const at = example.code.lastIndexOf(replaced);
  return `${example.code.slice(0, at)}'1 + 1'${example.code.slice(at + replaced.length)}`;
}

const cases = [...REQUEST_OBJECT_SOURCES, ...PARAMETER_SOURCES].flatMap((entry) =>
  entry.examples.map((example, i) => ({
    name: `${entry.framework} (${entry.language}) example ${i + 1}: ${example.source}`,
    language: entry.language,
    client: 'client' in entry && entry.client === true,
    example,
  })),
);

describe('taint sources as data', () => {
  it('has examples for every entry, each naming a source written in its code', () => {
    for (const entry of [...REQUEST_OBJECT_SOURCES, ...PARAMETER_SOURCES]) {
      expect(entry.examples.length, entry.framework).toBeGreaterThan(0);
      for (const e of entry.examples) expect(e.code, entry.framework).toContain(e.source);
      for (const e of entry.examples) expect(e.code, entry.framework).toContain(e.replace ?? e.source);
    }
  });

  it.each(cases)('$name passes the prefilter terms of request sources', ({ language, example, client }) => {
    const triggers = language === 'python' ? PYTHON_SOURCE_TRIGGERS : client ? JS_SOURCE_TRIGGERS : JS_SERVER_SOURCE_TRIGGERS;
    const rule = { triggers };
    expect(new LanguagePrefilter([rule], language === 'python' ? 'python' : 'typescript').select(example.code)).toEqual([rule]);
  });

  it.each(cases)('$name reaches eval as request data', async ({ language, example }) => {
    const findings = byRule(await scan(pathFor(language), example.code), 'code-injection');
    expect(findings).toHaveLength(1);
    expect(findings[0]?.confidence).toBe(0.9);
    expect(findings[0]?.description).toContain(example.source);
  });

  it.each(cases)('$name with a constant instead is not reported', async ({ language, example }) => {
    expect(byRule(await scan(pathFor(language), withConstant(example)), 'code-injection')).toEqual([]);
  });
});

describe('taint sources reach other sinks, and only where the tables say', () => {
  it('reports a NestJS @Body() field in SQL, not an undecorated parameter', async () => {
    const code = [
      "@Controller('users')",
      'export class UsersController {',
      '  @Post()',
      '  find(@Body() dto: FindDto) {',
      '    return this.dataSource.query(`SELECT * FROM users WHERE name = \'${dto.name}\'`);',
      '  }',
      '  byName(name: string) {',
      '    return this.dataSource.query(`SELECT * FROM users WHERE name = \'${name}\'`);',
      '  }',
      '}',
    ].join('\n');
    const findings = byRule(await scan('src/users.controller.ts', code), 'sql-injection');
    expect(findings.map((f) => [f.line, f.confidence])).toEqual([
      [5, 0.9],
      [8, 0.5],
    ]);
  });

  it('reports a Koa ctx.get() header in a shell command', async () => {
    const code = "const { exec } = require('child_process');\nrouter.get('/ping', async (ctx) => {\n  exec('ping -c 1 ' + ctx.get('X-Host'));\n});";
    const [f, ...rest] = byRule(await scan('src/ping.js', code), 'command-injection');
    expect(rest).toEqual([]);
    expect(f?.confidence).toBe(0.9);
    expect(f?.description).toContain("ctx.get('X-Host')");
  });

  it('reports a FastAPI path parameter in a shell command, not a Depends() one', async () => {
    const code = [
      'import subprocess',
      "@router.get('/ping/{host}')",
      'async def ping(host: str, target: str = Depends(configured_host)):',
      "    subprocess.run('ping -c 1 ' + host, shell=True)",
      "    subprocess.run('ping -c 1 ' + target, shell=True)",
    ].join('\n');
    const findings = byRule(await scan('app/ping.py', code), 'command-injection');
    expect(findings.map((f) => [f.line, f.confidence])).toEqual([
      [4, 0.9],
      [5, 0.5],
    ]);
  });

  it('does not take an imported module named request for a request object', async () => {
    const code = "import request from 'request';\napp.get('/x', (req, res) => {\n  eval(request.body);\n});";
    expect(byRule(await scan('src/a.js', code), 'code-injection').map((f) => f.confidence)).toEqual([0.5]);
  });
});
