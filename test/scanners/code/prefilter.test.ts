import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_LANGUAGES, type CodeLanguage } from '../../../src/scanners/code/parser.js';
import { all, joinPythonLiterals, LanguagePrefilter, literal, triggersFor, type RuleTriggers } from '../../../src/scanners/code/prefilter.js';
import type { CodeRule } from '../../../src/scanners/code/rule.js';
import { CODE_RULES } from '../../../src/scanners/code/rules/index.js';
import { createCodeScanner, scanner } from '../../../src/scanners/code/scanner.js';
import { byRule, scan } from './helpers.js';

const prefilters = new Map(CODE_LANGUAGES.map((l) => [l, new LanguagePrefilter(CODE_RULES.filter((r) => r.languages.includes(l)), l)] as const));
const selected = (language: CodeLanguage, text: string): string[] => (prefilters.get(language) as LanguagePrefilter<CodeRule>).select(text).map((r) => r.id);

/** A stand-in rule that only carries triggers. */
const probe = (id: string, triggers?: RuleTriggers) => ({ id, triggers });
const ids = (rules: readonly { id: string }[]) => rules.map((r) => r.id);

beforeAll(async () => {
  await scanner.init?.();
});

describe('prefilter: the registered rules', () => {
  it('declares triggers for every rule in every language it covers', () => {
    const missing = CODE_RULES.flatMap((r) => r.languages.filter((l) => triggersFor(r.triggers, l) === undefined).map((l) => `${r.id}/${l}`));
    expect(missing).toEqual([]);
    for (const language of CODE_LANGUAGES) expect(prefilters.get(language)?.alwaysRuns).toBe(false);
  });

  describe.each(CODE_RULES.map((rule) => [rule.id, rule] as const))('%s', (_, rule) => {
    it.each(rule.docs.examples.map((e, i) => [i, e] as const))('lets docs example %i (vulnerable) through', (_i, example) => {
      expect(selected(example.language, example.bad)).toContain(rule.id);
    });
  });

  it('takes SQL keywords from string literals only in JavaScript and TypeScript', () => {
    // A query method and SQL keywords, but the keywords are code and comments: no query text to report.
    const code = 'const rows = Object.values(db.get(id)); // ordered by where they sit\nfor (const k of keys) map.set(k, update(k));\n';
    expect(selected('javascript', code)).not.toContain('sql-injection');
    expect(selected('typescript', `${code}const q = 'SELECT name FROM users WHERE id = ' + id;\n`)).toContain('sql-injection');
    // In a template, split over concatenated literals, after an escape sequence.
    expect(selected('javascript', 'db.query(`select * from t ${w}`)')).toContain('sql-injection');
    expect(selected('javascript', "db.run('DELETE' + ' FROM t' + cond)")).toContain('sql-injection');
    expect(selected('javascript', "db.all('x\\nWHERE' + c)")).toContain('sql-injection');
    // A file the lexer cannot follow is read whole (an apostrophe in JSX text opens a string it never closes).
    expect(selected('tsx', "const el = <p>Don't</p>;\nconst rows = Object.values(db.get(id)); // where\n")).toContain('sql-injection');
    // Python reads the whole text, as before.
    expect(selected('python', 'cursor.execute(query)  # where it runs\n')).toContain('sql-injection');
  });

  it('skips a file in which no rule can match, without parsing it', () => {
    const codeScanner = createCodeScanner();
    codeScanner.takeCounts?.();
    expect(selected('javascript', 'export const answer = 42;\n')).toEqual([]);
    expect(codeScanner.scanFile({ path: 'src/answer.js', text: 'export const answer = 42;\n' })).toEqual([]);
    expect(codeScanner.takeCounts?.()).toEqual({ parsed: 0, skipped: 0, unparsable: 0, prefiltered: 1, rule_errors: 0 });
  });

  it('picks only the rules whose words occur', () => {
    const text = "const { exec } = require('child_process');\nexec(process.argv[2]);\n";
    const chosen = selected('javascript', text);
    expect(chosen).toContain('command-injection');
    expect(chosen).not.toContain('code-injection');
    expect(chosen).not.toContain('token-in-local-storage');
  });
});

describe('prefilter: rules whose matcher needs one text', () => {
  // An Angular component names `request`, `body` and `query` for its own objects, points at an
  // `.html` template and keeps a token in localStorage: none of these rules can report it.
  const component = [
    "import { Component } from '@angular/core';",
    "import { HttpClient } from '@angular/common/http';",
    "@Component({ selector: 'app-basket', templateUrl: './basket.component.html' })",
    'export class BasketComponent {',
    '  constructor(private readonly http: HttpClient) {}',
    '  save(request: BasketRequest) {',
    "    const headers = { Authorization: `Bearer ${localStorage.getItem('token')}` };",
    "    return this.http.post('/api/basket', { body: request.items, query: this.filter$ }, { headers });",
    '  }',
    '}',
    '',
  ].join('\n');

  it('leaves out a component that only names what they read', () => {
    const chosen = selected('typescript', component);
    expect(chosen).not.toContain('mass-assignment');
    expect(chosen).not.toContain('dom-xss');
    expect(chosen).not.toContain('client-side-authorization');
  });

  it('lets each through once the text its matcher compares is there', () => {
    expect(selected('typescript', component.replace('request.items', 'req.body'))).toContain('mass-assignment');
    expect(selected('typescript', component.replace('{ body: request.items', '{ body: ctx.request.body'))).toContain('mass-assignment');
    expect(selected('typescript', `${component}$('#total').html(total);\n`)).toContain('dom-xss');
    expect(selected('typescript', `${component}jQuery(el).html(total);\n`)).toContain('dom-xss');
    expect(selected('typescript', component.replace("getItem('token')", "getItem('role') === 'admin'"))).toContain('client-side-authorization');
    expect(selected('python', 'def f():\n    return User(**request.get_json())\n')).toContain('mass-assignment');
    expect(selected('python', 'def f(request):\n    return request.json and request.body\n')).toContain('mass-assignment');
    expect(selected('python', 'def f(request):\n    return request.body\n')).not.toContain('mass-assignment');
  });
});

describe('prefilter: dotted sink names need their first segment', () => {
  // A build tool's compiler: `compile`, `render` and `template` of its own, no template engine.
  const compiler = [
    "import { SyncHook } from 'tapable';",
    'export class Compiler {',
    '  hooks = { compile: new SyncHook() };',
    '  compile(source) { return this.render(this.template, source); }',
    '  render(template, source) { return template.replace(/__SOURCE__/, source); }',
    '}',
    '',
  ].join('\n');

  it('leaves out a file that names the method but not the module or receiver', () => {
    expect(selected('javascript', compiler)).not.toContain('template-injection');
  });

  it.each([
    ['a required module', "const hbs = require('handlebars');\nexport const view = (req) => hbs.compile(req.body.layout);\n", "const views = require('./views');\nexport const view = (req) => views.compile(req.body.layout);\n"],
    ['a node: module', "const vm = require('node:vm');\nexport const run = (req) => vm.runInThisContext(req.query.code);\n", "const sandbox = require('./sandbox');\nexport const run = (req) => sandbox.runInThisContext(req.query.code);\n"],
    ['a named import', "import { template } from 'lodash';\nexport const greet = (req) => template(req.query.t)({});\n", "import { template } from './strings';\nexport const greet = (req) => template(req.query.t)({});\n"],
    ['a receiver written as is', 'export const greet = (req) => _.template(req.query.t)({});\n', 'export const greet = (req) => strings.template(req.query.t)({});\n'],
  ])('lets it through once the file names it: %s', (_name, text, bare) => {
    const sinks = (t: string) => selected('javascript', t).filter((id) => id === 'template-injection' || id === 'code-injection');
    expect(sinks(text)).not.toEqual([]);
    // The same file with its own module or receiver instead is left out.
    expect(sinks(bare)).toEqual([]);
  });

  it('keeps Python modules imported under another name', () => {
    expect(selected('python', 'from jinja2 import Template as T\n\ndef page(request):\n    return T(request.args["t"]).render()\n')).toContain('template-injection');
    expect(selected('python', 'def page(request):\n    return T(request.args["t"]).render()\n')).not.toContain('template-injection');
  });
});

describe('prefilter: terms', () => {
  const run = (triggers: RuleTriggers | undefined, text: string, language: CodeLanguage = 'javascript') => ids(new LanguagePrefilter([probe('r', triggers)], language).select(text));

  it('matches plain strings as whole words only', () => {
    expect(run(['req'], 'app.get((req, res) => 1)')).toEqual(['r']);
    expect(run(['req'], "const x = require('y'); const request = 1; const _req = 2;")).toEqual([]);
    expect(run(['where'], "db.find({ $where: 'x' })")).toEqual(['r']);
  });

  it('needs every term of all() and any term of a list', () => {
    expect(run([all('exec', ['Command', 'CommandContext'])], 'exec.CommandContext(ctx, x)')).toEqual(['r']);
    expect(run([all('exec', ['Command', 'CommandContext'])], 'exec.Run(x)')).toEqual([]);
    expect(run(['a', 'b'], 'let b')).toEqual(['r']);
  });

  it('passes a rule on any one of its words or other terms, and keeps the rules in their order', () => {
    const rules = [probe('first', ['eval', /new\s+Function/]), probe('second', [all('exec', 'spawn')]), probe('third', ['spawn', 'eval']), probe('fourth', undefined)];
    const select = (text: string) => ids(new LanguagePrefilter(rules, 'javascript').select(text));
    expect(select('eval(x)')).toEqual(['first', 'third', 'fourth']);
    expect(select('const f = new  Function(x)')).toEqual(['first', 'fourth']);
    expect(select('exec(a); spawn(b)')).toEqual(['second', 'third', 'fourth']);
    expect(select('spawn(b)')).toEqual(['third', 'fourth']);
    expect(select('nothing')).toEqual(['fourth']);
  });

  it('tests regular expressions without carrying state between files', () => {
    const prefilter = new LanguagePrefilter([probe('r', [/cors/gi])], 'javascript');
    expect(ids(prefilter.select('app.use(CORS())'))).toEqual(['r']);
    expect(ids(prefilter.select('app.use(cors())'))).toEqual(['r']);
    expect(ids(prefilter.select('app.use(x)'))).toEqual([]);
  });

  it('finds literal words split over implicitly concatenated Python strings, but not elsewhere', () => {
    const secret = [literal('SECRET_KEY')];
    expect(run(secret, "app.config['SECRET' '_KEY'] = 'x'\n", 'python')).toEqual(['r']);
    expect(run(secret, "app.config[(\n    'SEC'  # a comment\n    r\"RET_K\" '''EY''')] = 'x'\n", 'python')).toEqual(['r']);
    expect(run(secret, "app.config['SECRET_KE'] = 'x'\n", 'python')).toEqual([]);
    expect(run(secret, "config['SECRET' + '_KEY'] = 'x'\n", 'javascript')).toEqual([]);
    expect(run([literal('safe', { ignoreCase: true })], "t = '{{ x | SA' 'FE }}'\n", 'python')).toEqual(['r']);
  });

  it('joins implicitly concatenated Python literals and leaves every other text as it is', () => {
    expect(joinPythonLiterals(`k = 'SE' 'CRET' "_KEY"\n`)).toBe(`k = 'SECRET_KEY"\n`);
    // Short literals are literals, not separators: 'SE' is not taken for a join.
    expect(joinPythonLiterals(`('SE' 'CRET')`)).toBe(`('SECRET')`);
    expect(joinPythonLiterals(`x = ('a'  # c'\n     rb'b' '''c''' f"d")`)).toBe(`x = ('abcd")`);
    expect(joinPythonLiterals(`s = 'a' \\\n  'b'`)).toBe(`s = 'ab'`);
    // Quotes in comments, escaped quotes, literals that are not adjacent.
    expect(joinPythonLiterals(`# don't 'x' 'y'\nv = 'it\\'s' + 'z'`)).toBe(`# don't 'x' 'y'\nv = 'it\\'s' + 'z'`);
    expect(joinPythonLiterals(`d = {'a': 'b', 'c': f(x)}`)).toBe(`d = {'a': 'b', 'c': f(x)}`);
    // A literal left open joins nothing and stops at its line's end (triple quotes: the text's).
    expect(joinPythonLiterals(`a = 'open\nb = 'x' 'y'`)).toBe(`a = 'open\nb = 'xy'`);
    expect(joinPythonLiterals(`t = """never closed ' '`)).toBe(`t = """never closed ' '`);
    expect(joinPythonLiterals('no literals at all')).toBe('no literals at all');
  });

  it('runs a rule without triggers, or without triggers for the language, on every file', () => {
    expect(run(undefined, '')).toEqual(['r']);
    expect(run({ python: ['eval'] }, 'x = 1', 'javascript')).toEqual(['r']);
    expect(run({ python: ['eval'] }, 'x = 1', 'python')).toEqual([]);
  });

  it('rejects malformed terms when compiled', () => {
    expect(() => new LanguagePrefilter([probe('r', ['child-process'])], 'javascript')).toThrow(/not a word/);
    expect(() => new LanguagePrefilter([probe('r', [[]])], 'javascript')).toThrow();
  });
});

describe('prefilter: end to end through the scanner', () => {
  it('reports a Python secret key whose name is split over concatenated literals', async () => {
    const findings = await scan('app.py', "app = Flask(__name__)\napp.config['SECRET' '_KEY'] = 'dev-secret-123'\n");
    expect(byRule(findings, 'hardcoded-session-secret').map((f) => f.line)).toEqual([2]);
  });

  it('reports a Flask cookie setting whose name is split over concatenated literals', async () => {
    const findings = await scan('config.py', "app.config['SESSION_COOKIE' \\\n    '_SECURE'] = False\n");
    expect(byRule(findings, 'insecure-cookie').map((f) => f.line)).toEqual([1]);
  });
});
