import { textOf } from '../ast.js';
import { OWASP, PHP, type Match, type RuleContext } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { PHP_CODE_INJECTION_SINKS } from '../taint-sinks.js';

/** `preg_replace` with the `/e` modifier (PHP < 7) evaluates the replacement: a flag in a literal, not a flow. */
function evalModifier(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (call.receiver || call.isNew || call.name.toLowerCase() !== 'preg_replace') continue;
    if (call.args[0] && /^['"](.).*\1[a-zA-Z]*e[a-zA-Z]*['"]$/s.test(textOf(ctx.text, call.args[0]))) out.push({ node: call.node, detail: 'The `/e` modifier evaluates the replacement as PHP code.' });
  }
  return out;
}

export const rule = defineTaintRule(
  {
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
    },
  },
  PHP_CODE_INJECTION_SINKS,
  evalModifier,
);
