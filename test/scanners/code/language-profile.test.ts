/**
 * Every node kind and field a language profile names (language-profile.ts) is checked against the
 * real grammar: small programs per language are parsed with the project's parser, and each kind of
 * each role must occur in them as a named node, each field of a role on a node of one of its
 * kinds. A grammar upgrade that renames a kind or a field fails here, not silently in the engines.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { descendants } from '../../../src/scanners/code/ast.js';
import { COMMENT_KIND, PROFILE_SPECS, PROFILES, profileOf, ROLES, roleSwitch, type ProfileName, type Role } from '../../../src/scanners/code/language-profile.js';
import { CODE_LANGUAGES, loadAllLanguages, parse, type CodeLanguage } from '../../../src/scanners/code/parser.js';
import { grammarVocabulary } from '../../helpers/grammar-vocabulary.js';

/** Programs that hold every kind and field of a profile, in the grammars that profile serves. */
const EXAMPLES: Readonly<Record<ProfileName, readonly { readonly language: CodeLanguage; readonly code: string }[]>> = {
  javascript: [
    {
      language: 'javascript',
      code: `import def, * as ns from 'mod';
import { a as b } from 'mod2';
const { c, d: e, f = 1 } = require('x');
let [g, ...h] = arr;
var v = 'a\\n', u = \`t\${x}\`;
function decl(p, q = 2) { return p; }
function* gen() { yield 1; }
const fe = function () {};
const ge = function* () {};
const arrow = x => x + 1;
class K { @dec method() { return this.v; } }
obj.prop; obj['k']; fn(1, /re/g, null, undefined, true, false, ...rest);
new Ctor(a); tag\`x\`; import('y');
a = b; a += 1; i++; (a, b); ({ z } = o);
-x; typeof x; !x; c ? a : b;
async function af() { await p; }
const o = { a: 1, b, ...s }; const list = [1, 2];
const el = <div>{x}</div>;
for (let i = 0; i < n; i++) { if (a) { continue; } else { break; } }
for (const k in o) {}
while (a) {} do {} while (a);
try { switch (x) { case 1: break; default: } } catch (err) { throw err; }
export function ex1() {}
export const ex2 = () => 1;
export default ex1;
export { ex1 as ex3 };
export { a2 } from 'm3';
module.exports = { ex1, ex2: ex2, ex4() {} };
`,
    },
    { language: 'typescript', code: 'let a = b as T; let c = d!; let e = f satisfies T; let g = <T>h;\nfunction t(p: string, q?: number) {}\n' },
  ],
  python: [
    {
      language: 'python',
      code: `import os
import a.b as c
from m import x, y as z
@app.route('/')
def f(a, b=1, c: int = 2, d: str = 'x', *args, **kw):
    global g
    x = a.b[1]
    y = s[1:2]
    x += 1
    print((w := 5))
    t = 'a\\n' f'{v!r:>10}'
    n = 1 + 2.0 - (3)
    b = not x and y or z
    c = 1 < x <= 3
    d = -x
    e = a if c else b
    l = [1, *r]; tp = (1, 2); st = {1}; dc = {'k': None, **m}
    p, q = 1, 2
    [p2, q2] = r
    (p3, q3) = r
    h, *rest = r
    for i in r:
        continue
    while True:
        break
    if a:
        pass
    elif b:
        pass
    else:
        pass
    try:
        pass
    except E as err:
        raise
    with open(f) as fh:
        pass
    match x:
        case 1 | 2:
            pass
        case Color.RED:
            pass
        case {**others}:
            pass
        case _ if x:
            pass
    lam = lambda: False
    return f(x, key=v), 2

def typed(a: int):
    pass

def outer():
    def inner():
        nonlocal h
    return inner

async def g():
    await x
`,
    },
  ],
  php: [
    { language: 'php', code: '<?php if (!$a[$k]) { f(); }' },
    { language: 'php', code: '<?php function f() {} class A { function m() {} } $g = function () {}; $h = fn($x) => $x; foo($a); $o->m(1); $o?->m(); A::s(); new B($c); new \\N\\C();' },
    {
      language: 'php',
      code: "<?php function g($v) { if ($v) { return 1; } elseif ($w) { exit; } else { throw new E(); } $x = $v ? 1 : 2; while ($v) { switch ($v) { case 'a': break; default: continue; } } }",
    },
    // function-model/taint.ts, fold.ts
    { language: 'php', code: "<?php class C { function m($p) { $q .= (int) $p; $r = 'a' . \"b\\n $q\" . 1 + 2.5 . `ls $r` . <<<EOT\n x $q\nEOT . <<<'EOT'\n y\nEOT; if (($r) === null) { } else { $t = true; } return $q . Foo::BAR . BAZ; } }" },
    // function-model/taint.ts: lookups in constant tables
    { language: 'php', code: "<?php $docs = array('a' => array('file' => 'A.md'), 'b' => ['file' => 'B.md']); $f = $docs[$k]['file'];" },
    // function-model/assignments.ts, values.ts
    { language: 'php', code: "<?php const K = 'a'; $s = 'x' . \"y{$z}\\n\" . K . A::B . (1) . sprintf('%s', $s); $p[] = $s; foreach ($rows as $k => $v) {}" },
    // function-model/guards.ts, sources.ts, crypto.ts, purpose.ts
    { language: 'php', code: '<?php $a .= "x$b"; $c = ["k" => 1]; foreach ($c as $k => $v) {} for ($i = 0; $i < 1; $i++) {}' },
  ],
  go: [
    { language: 'go', code: 'package p\nfunc u() {\n\tif !m[k] {\n\t\treturn\n\t}\n}\n' },
    {
      language: 'go',
      code: 'package p\nfunc f() {}\nfunc (r T) m() {}\nvar g = func() {}\nfunc h() { r.FormValue("q"); f(1) }\nfunc s(v string) {\n\tif v == "" {\n\t\treturn\n\t} else if v == "b" {\n\t\treturn\n\t}\n\tfor {\n\t\tswitch v {\n\t\tcase "a", "b":\n\t\t\tfallthrough\n\t\tdefault:\n\t\t\tcontinue\n\t\t}\n\t\tbreak\n\t}\n}\n',
    },
    // function-model/taint.ts, fold.ts
    { language: 'go', code: 'package p\nfunc f(a int) int {\n\tif (a > 1) == true {\n\t\treturn 2\n\t} else {\n\t\tx := r.Form\n\t}\n\ts := "a\\n" + `b` + nil\n\treturn 1.5 + false\n}\n' },
    // function-model/assignments.ts, values.ts
    { language: 'go', code: 'package p\nconst K = "a\\n" + `r`\nvar a, b = 1, 2\nfunc f() { x := []string{"a"}; x = (p.Q); for k, v := range m { fmt.Sprintf("%s", k, v) } }\n' },
    // function-model/guards.ts, sources.ts, crypto.ts, purpose.ts
    { language: 'go', code: 'package p\nfunc v() {\n\tm := T{k: 1}\n\ta, b := m, `r`\n\t_ = a + b\n}\n' },
  ],
  java: [
    { language: 'java', code: 'class U { void u() { if (!ok) { f(); } } }' },
    {
      language: 'java',
      code: 'class A { A() {} void m() { Runnable r = () -> {}; o.m(a); new B(c); }\n  int s(String v) { if (v == null) { return 0; } else { throw new E(); } }\n  void t(String v) { int x = v == null ? 1 : 2; for (;;) { switch (v) { case "a": break; default: x(); } switch (v) { case "b" -> y(); default -> z(); } continue; } } }',
    },
    // function-model/taint.ts, fold.ts
    { language: 'java', code: 'class K { int f(String a) { if ((a == null) == true) { return (int) 1.0; } else { char c = \'c\'; boolean b = false; } String s = "a\\n" + m.get("k"); return a.isEmpty() ? 1 : 2; } }' },
    // function-model/assignments.ts, values.ts
    { language: 'java', code: 'class C { static final String K = "a\\n" + A.B; void f(@RequestParam String id) { int n = (1); for (String s : l) { n += 2; } String t = String.format("%s", id); } }' },
    // function-model/guards.ts, sources.ts, crypto.ts, purpose.ts
    { language: 'java', code: 'class V { int f() { int[] x = new int[]{1}; y = a.b; while (c) {} return x; } }' },
  ],
  ruby: [
    { language: 'ruby', code: 'x = !a\n' },
    { language: 'ruby', code: 'def m; end\ndef self.s; end\nl = -> { }\nrequest.path\nparams[:a]\nfoo(1) do |x| end\nbar { |y| y }\n' },
    {
      language: 'ruby',
      code: "def r\n  if a then x elsif b then y else z end\n  unless a then x else y end\n  x if a\n  x unless a\n  v = a ? 1 : 2\n  case v\n  when 'a' then x\n  else y\n  end\n  head :forbidden and return\n  while a do\n    next\n    break\n    redo\n  end\n  begin\n    retry\n  end\n  return 1\nend\nBEGIN { x }\n",
    },
    // function-model/taint.ts, fold.ts
    { language: 'ruby', code: 'class K\n  def m(a)\n    s = "a\\n#{a}" + `ls #{a}` + <<~EOT\n      x #{a}\n    EOT\n    h = { k: :v, n: nil, t: true, f: false, i: 1, d: 1.5, c: C }\n  end\nend\n' },
    // function-model/taint.ts: lookups in constant tables
    { language: 'ruby', code: "PAGES = { 'a' => ['a.md', 1] }\nf = PAGES[params[:p]][0]\n" },
    // function-model/assignments.ts, values.ts
    { language: 'ruby', code: "K = 'a'\nJ = \"b\\n\"\nx = Foo::BAR\nx += 1\nl.each do |e| end\nl.map { |e| e }\n" },
    // function-model/guards.ts, sources.ts, crypto.ts, purpose.ts
    { language: 'ruby', code: 'a += 1\nh = { k: 1 }\ns = "x#{y}"\nr = /re/\nl = [1, 2]\nif (a) then b end\n' },
  ],
};

/** Roles of branch and loop statements (whose head fields `branchHeadFields` lists). */
const BRANCH_ROLES: readonly Role[] = ['ifs', 'elifs', 'elses', 'whiles', 'doWhiles', 'forLoops', 'forEachLoops', 'catches', 'switchCases', 'switchDefaults', 'caseClauses', 'matches'];

interface Seen {
  readonly kinds: Set<string>;
  /** Kind → the fields its children were seen under. */
  readonly fields: Map<string, Set<string>>;
  /** Kind → the kinds of its unnamed children (keywords, operators). */
  readonly tokens: Map<string, Set<string>>;
  errors: number;
}

function seen(name: ProfileName): Seen {
  const out: Seen = { kinds: new Set(), fields: new Map(), tokens: new Map(), errors: 0 };
  for (const { language, code } of EXAMPLES[name]) {
    const parsed = parse(code, language);
    if (!parsed) throw new Error(`${language} did not parse`);
    out.errors += parsed.errorChars;
    for (const n of descendants(parsed.root)) {
      if (n.type === 'MISSING' || !n.named) continue;
      out.kinds.add(n.type);
      let fields = out.fields.get(n.type);
      if (!fields) out.fields.set(n.type, (fields = new Set()));
      for (const c of n.children) if (c.field) fields.add(c.field);
      let tokens = out.tokens.get(n.type);
      if (!tokens) out.tokens.set(n.type, (tokens = new Set()));
      for (const c of n.children) if (!c.named) tokens.add(c.type);
    }
  }
  return out;
}

const hasField = (s: Seen, kinds: readonly string[], field: string): boolean => kinds.some((k) => s.fields.get(k)?.has(field));

beforeAll(async () => {
  await loadAllLanguages();
});

describe('language profiles against the grammars', () => {
  for (const name of Object.keys(PROFILE_SPECS) as ProfileName[]) {
    describe(name, () => {
      it('its examples parse without errors', () => {
        expect(seen(name).errors).toBe(0);
      });

      it('names only kinds the grammar produces, under the fields it uses', () => {
        const s = seen(name);
        const missing: string[] = [];
        for (const [role, spec] of Object.entries(PROFILE_SPECS[name].roles)) {
          for (const kind of spec.kinds) if (!s.kinds.has(kind)) missing.push(`${role}: kind ${kind}`);
          for (const [fieldRole, field] of Object.entries(spec.fields ?? {})) if (!hasField(s, spec.kinds, field)) missing.push(`${role}.${fieldRole}: field ${field}`);
        }
        const branchKinds = BRANCH_ROLES.flatMap((r) => PROFILE_SPECS[name].roles[r]?.kinds ?? []);
        for (const field of PROFILE_SPECS[name].branchHeadFields ?? []) if (!hasField(s, branchKinds, field)) missing.push(`branchHeadFields: field ${field}`);
        const keyword = PROFILE_SPECS[name].defaultKeyword;
        const exportKinds = PROFILE_SPECS[name].roles.exports?.kinds ?? [];
        if (keyword !== undefined && !exportKinds.some((k) => s.tokens.get(k)?.has(keyword))) missing.push(`defaultKeyword: ${keyword}`);
        expect(missing).toEqual([]);
      });
    });
  }

  it('comments are one kind in the grammars whose comments the helpers skip', () => {
    for (const language of CODE_LANGUAGES.filter((l) => l !== 'java')) {
      const code = { javascript: '// c\n', typescript: '// c\n', tsx: '// c\n', python: '# c\n', php: '<?php // c\n', go: '// c\n', ruby: '# c\n' }[language];
      const root = parse(code, language)?.root;
      expect(root && [...descendants(root)].some((n) => n.type === COMMENT_KIND), language).toBe(true);
    }
  });
});

describe('profile lookups', () => {
  it('every language has a profile; JavaScript, TypeScript and TSX share one', () => {
    expect(profileOf('typescript')).toBe(PROFILES.javascript);
    expect(profileOf('tsx')).toBe(PROFILES.javascript);
    expect(profileOf('python')).toBe(PROFILES.python);
    expect(new Set(CODE_LANGUAGES.map(profileOf)).size).toBe(Object.keys(PROFILES).length);
  });

  it('an absent role matches nothing; a role switch sends a kind to the first role listed', () => {
    expect(PROFILES.javascript.kinds.elifs.size).toBe(0);
    const table = roleSwitch(['stringMethodCalls', 'calls', 'members'] as const)(PROFILES.python);
    expect(table.get('call')).toBe('stringMethodCalls');
    expect(table.get('attribute')).toBe('members');
    expect(table.get('identifier')).toBeUndefined();
    expect(roleSwitch(['calls', 'stringMethodCalls'] as const)(PROFILES.python).get('call')).toBe('calls');
  });

  it('role names are never a kind or field of a grammar (they appear in switches beside kind lookups)', async () => {
    const vocabulary = await grammarVocabulary();
    expect(vocabulary.size).toBeGreaterThan(500);
    expect(ROLES.filter((r) => vocabulary.has(r))).toEqual([]);
  });
});
