import { defineRule, OWASP, PHP, type Match, type RuleContext } from '../rule.js';
import { dynamicString, localSink } from '../function-model/taint.js';

const FUNCTIONS = new Set(['system', 'exec', 'shell_exec', 'passthru', 'popen', 'proc_open', 'pcntl_exec']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (call.receiver || call.isNew || !FUNCTIONS.has(call.name.toLowerCase())) continue;
    const arg = call.args[0];
    const m = localSink(ctx, call, arg, dynamicString(ctx, arg), `the command line of \`${call.name}\``);
    if (m) out.push(m);
  }
  for (const shell of ctx.nodes.of('shell_command_expression')) {
    const m = localSink(ctx, shell, shell, dynamicString(ctx, shell), 'a backtick shell command');
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'php-command-injection',
  title: 'PHP shell command built from untrusted data',
  severity: 'CRITICAL',
  confidence: 0.5,
  taintConfidence: 0.9,
  cwe: 'CWE-78',
  owasp: OWASP.injection,
  languages: PHP,
  description: 'A shell command is run (`system`, `exec`, `shell_exec`, `passthru`, `popen`, `proc_open`, backticks) with text built from non-constant values, so shell metacharacters in input run arbitrary commands.',
  remediation: 'Avoid the shell: use a PHP API for the task, or pass an argument array to `proc_open` (PHP 7.4+); when a shell is unavoidable wrap every value in `escapeshellarg()` and check it against an allow-list.',
  docs: {
    summary: '`system`, `exec`, `shell_exec`, `passthru`, `popen`, `proc_open`, `pcntl_exec` and backtick expressions whose command contains request data (0.9) or is interpolated/concatenated from non-constant values not passed through `escapeshellarg`/`escapeshellcmd` (0.5).',
    examples: [
      {
        language: 'php',
        bad: "<?php\n$host = $_POST['host'];\n$output = shell_exec('ping -c 1 ' . $host);\necho $output;",
        good: "<?php\n$host = $_POST['host'];\n$output = shell_exec('ping -c 1 ' . escapeshellarg($host));\necho $output;",
      },
    ],
  },
  match,
  triggers: [/\b(?:system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec)\b/i, /`/],
});
