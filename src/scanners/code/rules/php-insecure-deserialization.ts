import { textOf } from '../ast.js';
import { defineRule, OWASP, PHP, type Match, type RuleContext } from '../rule.js';
import { localSink } from '../function-model/taint.js';

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (call.receiver || call.isNew || call.name.toLowerCase() !== 'unserialize') continue;
    const options = call.args[1];
    if (options && /allowed_classes['"]\s*=>\s*(?:false|\[)/i.test(textOf(ctx.text, options))) continue;
    const m = localSink(ctx, call, call.args[0], false, '`unserialize`');
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
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
    examples: [
      {
        language: 'php',
        bad: "<?php\n$prefs = unserialize(base64_decode($_COOKIE['prefs']));",
        good: "<?php\n$prefs = json_decode(base64_decode($_COOKIE['prefs']), true);\n$cached = unserialize($blob, ['allowed_classes' => false]);",
      },
    ],
  },
  match,
  triggers: [/\bunserialize\b/i],
});
