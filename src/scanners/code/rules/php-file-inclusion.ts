import { OWASP, PHP } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { PHP_FILE_INCLUSION_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
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
    },
  },
  PHP_FILE_INCLUSION_SINKS,
);
