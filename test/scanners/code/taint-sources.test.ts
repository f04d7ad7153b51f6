/**
 * Every request source of taint-sources.ts, through its examples: the source reaching the sink of
 * the example's rule (`eval`, or a command for Go and Java) is reported as request data (confidence
 * 0.9, naming the source); the same handler with a constant in the source's place is not reported
 * at all.
 */
import { describe, expect, it } from 'vitest';
import { LanguagePrefilter } from '../../../src/scanners/code/prefilter.js';
import { JS_SERVER_SOURCE_TRIGGERS, JS_SOURCE_TRIGGERS, PYTHON_SOURCE_TRIGGERS } from '../../../src/scanners/code/taint.js';
import { EXAMPLE_RULE, FUNCTION_MODEL_LANGUAGES, PARAMETER_SOURCES, REQUEST_OBJECT_SOURCES, type SourceExample, type SourceLanguage } from '../../../src/scanners/code/taint-sources.js';
import { byRule, EXAMPLE_PATHS, scan } from './helpers.js';

const PATHS = EXAMPLE_PATHS;

/** The example with the last occurrence of its source (the one nearest the sink) replaced by a constant. */
function withConstant(example: SourceExample, language: SourceLanguage): string {
  const replaced = example.replace ?? example.source;
  const at = example.code.lastIndexOf(replaced);
  const constant = language === 'go' || language === 'java' ? '"date"' : "'1 + 1'";
  return `${example.code.slice(0, at)}${constant}${example.code.slice(at + replaced.length)}`;
}

const cases = [...REQUEST_OBJECT_SOURCES, ...PARAMETER_SOURCES].flatMap((entry) =>
  entry.examples.map((example, i) => ({
    name: `${entry.framework} (${entry.language}) example ${i + 1}: ${example.source}`,
    language: entry.language,
    client: 'client' in entry && entry.client === true,
    rule: example.rule ?? EXAMPLE_RULE[entry.language],
    example,
  })),
);
/** Sources of the per-function model are not prefilter terms: its rules' terms are their sinks. */
const engineCases = cases.filter((c) => !(FUNCTION_MODEL_LANGUAGES as readonly string[]).includes(c.language));

describe('taint sources as data', () => {
  it('has examples for every entry, each naming a source written in its code', () => {
    for (const entry of [...REQUEST_OBJECT_SOURCES, ...PARAMETER_SOURCES]) {
      expect(entry.examples.length, entry.framework).toBeGreaterThan(0);
      for (const e of entry.examples) expect(e.code, entry.framework).toContain(e.source);
      for (const e of entry.examples) expect(e.code, entry.framework).toContain(e.replace ?? e.source);
    }
  });

  it('has examples for every language', () => {
    for (const language of Object.keys(PATHS)) expect(cases.filter((c) => c.language === language).length, language).toBeGreaterThan(0);
  });

  it.each(engineCases)('$name passes the prefilter terms of request sources', ({ language, example, client }) => {
    const triggers = language === 'python' ? PYTHON_SOURCE_TRIGGERS : client ? JS_SOURCE_TRIGGERS : JS_SERVER_SOURCE_TRIGGERS;
    const rule = { triggers };
    expect(new LanguagePrefilter([rule], language === 'python' ? 'python' : 'typescript').select(example.code)).toEqual([rule]);
  });

  it.each(cases)('$name reaches its sink as request data ($rule)', async ({ language, example, rule }) => {
    const findings = byRule(await scan(PATHS[language], example.code), rule);
    expect(findings).toHaveLength(1);
    expect(findings[0]?.confidence).toBe(0.9);
    expect(findings[0]?.description).toContain(example.source);
  });

  it.each(cases)('$name with a constant instead is not reported', async ({ language, example, rule }) => {
    expect(byRule(await scan(PATHS[language], withConstant(example, language)), rule)).toEqual([]);
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

describe('the JavaScript source terms follow member chains', () => {
  const handler = (source: string): string => `const express = require('express');\nconst app = express();\napp.get('/x', (req: any, res: any) => {\n  res.send(\`<h1>Hello \${${source}}</h1>\`);\n});\n`;
  const selects = (code: string, triggers: typeof JS_SOURCE_TRIGGERS): boolean => new LanguagePrefilter([{ triggers }], 'typescript').select(code).length === 1;

  // Each chain the taint engine reads as request data; the term must let every one through.
  it.each([
    'req.query.name',
    '(req as any).query.name',
    '(req as Request & { user: { id: string } }).query.name',
    '(req satisfies object).query.name',
    'req!.query.name',
    'req?.query?.name',
    'req\n    .query.name',
    '(req).query.name',
    'req /* the request */ .query.name',
    'req["query"]["name"]',
    'req[`query`].name',
    "req?.['query'].name",
    "req.get('x-name')",
    'this.req.query.name',
  ])('%s passes the term and is reported', async (source) => {
    const code = handler(source);
    expect(selects(code, JS_SERVER_SOURCE_TRIGGERS)).toBe(true);
    expect(byRule(await scan('src/handler.ts', code), 'reflected-xss')).toHaveLength(1);
  });

  it('lets a typed destructured parameter through by its type and member', () => {
    expect(selects("app.get('/x', ({ query }: Request, res: Response) => res.send(query.name));", JS_SERVER_SOURCE_TRIGGERS)).toBe(true);
  });

  it('does not let through a file that only names req and request (an Angular HTTP test)', () => {
    const spec = [
      "it('gets the addresses', inject([AddressService, HttpTestingController], fakeAsync((service, httpMock) => {",
      "  service.get().subscribe((data) => (res = data));",
      "  const req = httpMock.expectOne('http://localhost:3000/api/Addresss');",
      "  req.flush({ data: 'apiResponse' });",
      "  expect(req.request.method).toBe('GET');",
      '})));',
    ].join('\n');
    expect(selects(spec, JS_SOURCE_TRIGGERS)).toBe(false);
    // The same file reading the request's body would pass (`req.request.body` is a chain on `request`).
    expect(selects(spec.replace('req.request.method', 'req.request.body'), JS_SOURCE_TRIGGERS)).toBe(true);
  });
});
