import { defineRule, OWASP, PHP, type Match, type RuleContext } from '../rule.js';
import { dynamicString, localSink } from '../function-model/taint.js';
import { textOf } from '../ast.js';

const FUNCTIONS = new Set(['eval', 'assert', 'create_function']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (call.receiver || call.isNew) continue;
    const name = call.name.toLowerCase();
    if (FUNCTIONS.has(name)) {
      const arg = call.args.at(-1);
      const m = localSink(ctx, call, arg, name !== 'assert' && dynamicString(ctx, arg), `code evaluated by \`${call.name}\``);
      if (m) out.push(m);
    } else if (name === 'preg_replace' && call.args[0] && /^['"](.).*\1[a-zA-Z]*e[a-zA-Z]*['"]$/s.test(textOf(ctx.text, call.args[0]))) {
      out.push({ node: call.node, detail: 'The `/e` modifier evaluates the replacement as PHP code.' });
    }
  }
  // `eval` is a language construct in some grammar versions.
  for (const node of ctx.nodes.of('eval_expression')) {
    const m = localSink(ctx, node, node, dynamicString(ctx, node.children.find((c) => c.named)), 'code evaluated by `eval`');
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'php-code-injection',
  title: 'PHP code evaluated from untrusted data',
  severity: 'CRITICAL',
  confidence: 0.5,
  taintConfidence: 0.9,
  cwe: 'CWE-95',
  owasp: OWASP.injection,
  languages: PHP,
  description: 'Text built from non-constant values is evaluated as PHP code (`eval`, string `assert`, `create_function`, `preg_replace` with `/e`), so input can run arbitrary code on the server.',
  remediation: 'Never evaluate text as code: map inputs to a fixed set of functions or closures, use `preg_replace_callback` instead of `/e`, and parse data with a real parser (`json_decode`).',
  docs: {
    summary: '`eval`, `assert` and `create_function` whose code argument contains request data (0.9) or, for `eval`/`create_function`, is built from non-constant values (0.5); `preg_replace` with the `/e` modifier.',
    examples: [
      {
        language: 'php',
        bad: "<?php\n$expr = $_GET['expr'];\neval('$result = ' . $expr . ';');\necho $result;",
        good: "<?php\n$expr = $_GET['expr'];\n$result = is_numeric($expr) ? $expr + 0 : 0;\necho $result;",
      },
    ],
  },
  match,
  triggers: [/\b(?:eval|assert|create_function|preg_replace)\b/i],
});
