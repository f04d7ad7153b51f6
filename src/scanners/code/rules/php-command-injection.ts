import { OWASP, PHP } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { PHP_COMMAND_INJECTION_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
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
    },
  },
  PHP_COMMAND_INJECTION_SINKS,
);
