import { namedChildren } from '../ast.js';
import { defineRule, OWASP, PHP, type Match, type RuleContext } from '../rule.js';
import { localSink } from '../function-model/taint.js';

const INCLUDES = ['include_expression', 'include_once_expression', 'require_expression', 'require_once_expression'];

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const node of ctx.nodes.of(...INCLUDES)) {
    const m = localSink(ctx, node, namedChildren(node)[0], false, `the path of \`${node.type.replace(/_expression$/, '')}\``);
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'php-file-inclusion',
  title: 'PHP include/require of a path from untrusted data',
  severity: 'CRITICAL',
  confidence: 0.5,
  taintConfidence: 0.9,
  cwe: 'CWE-98',
  owasp: OWASP.injection,
  languages: PHP,
  description: 'An `include`/`require` path contains request data, so a caller can load and run another local file (log poisoning, uploaded files, `php://filter`) or, with `allow_url_include`, a remote script.',
  remediation: 'Map the request value to a fixed list of files (`$pages = [\'home\' => \'home.php\']`) and include only entries of that list; never build include paths from input.',
  docs: {
    summary: '`include`, `include_once`, `require` and `require_once` whose path contains request data (`$_GET`, `$_POST`, `$_REQUEST`, `$_COOKIE`, `$request->input()`), directly or through a local variable. Paths built from constants such as `__DIR__` are not reported.',
    examples: [
      {
        language: 'php',
        bad: "<?php\n$page = $_GET['page'];\ninclude 'pages/' . $page . '.php';",
        good: "<?php\n$pages = ['home' => 'home.php', 'about' => 'about.php'];\n$file = $pages[$_GET['page'] ?? 'home'] ?? 'home.php';\ninclude __DIR__ . '/pages/home.php';",
      },
    ],
  },
  match,
  triggers: [/\b(?:include|require)(?:_once)?\b/i],
});
