import { OWASP, PHP } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { PHP_INSECURE_DESERIALIZATION_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
    id: 'php-insecure-deserialization',
    title: 'PHP unserialize of untrusted data',
    severity: 'HIGH',
    confidence: 0.5,
    taintConfidence: 0.9,
    cwe: 'CWE-502',
    owasp: OWASP.integrity,
    languages: PHP,
    description: '`unserialize()` is called on request data without restricting classes, so a crafted payload can instantiate arbitrary classes and trigger magic methods (`__wakeup`, `__destruct`) that lead to code execution (POP chains).',
    remediation: 'Exchange data as JSON (`json_decode`) instead; if PHP serialisation is required, pass `[\'allowed_classes\' => false]` (or a short list) and sign the payload with an HMAC checked before decoding.',
    docs: {
      summary: '`unserialize()` whose first argument carries request data (`$_GET`, `$_POST`, `$_COOKIE`, `$request->input()` …), unless `allowed_classes` is set to `false` or a list.',
    },
  },
  PHP_INSECURE_DESERIALIZATION_SINKS,
);
