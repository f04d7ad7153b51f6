import { defineRule, OWASP, PHP, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { anyCase } from '../prefilter.js';
import { randomMatch } from '../function-model/purpose.js';

const WEAK = new Set(['rand', 'mt_rand', 'uniqid', 'lcg_value', 'str_shuffle', 'array_rand', 'mt_getrandmax']);

const isWeak = (call: QualifiedCall): boolean => !call.receiver && !call.isNew && WEAK.has(call.name.toLowerCase());

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  const weak = ctx.calls.filter(isWeak);
  for (const call of weak) {
    // md5(uniqid(rand(), true)): report the outermost weak call once.
    if (weak.some((outer) => outer !== call && outer.node.start <= call.node.start && outer.node.end >= call.node.end)) continue;
    const m = randomMatch(ctx, call.node, `${call.name}()`);
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'php-insecure-randomness',
  title: 'PHP predictable random value used as a secret or identifier',
  severity: 'MEDIUM',
  confidence: 0.6,
  taintConfidence: 0.9,
  cwe: 'CWE-330',
  owasp: OWASP.cryptography,
  languages: PHP,
  description: 'A token, password, key, CSRF or session value is generated with `rand()`, `mt_rand()`, `uniqid()`, `lcg_value()` or `str_shuffle()`, which are seeded predictably or derived from the clock, so the value can be guessed.',
  remediation: 'Use `random_bytes()` (e.g. `bin2hex(random_bytes(32))`) for tokens and keys and `random_int()` for numeric codes; hashing `uniqid()` or `rand()` with `md5` does not add randomness.',
  docs: {
    summary:
      '`rand`, `mt_rand`, `uniqid`, `lcg_value`, `str_shuffle`, `array_rand` (the outermost one of a nested expression) when the value, or the variable it is copied into next, is named like a token, password, key, secret, nonce, salt, CSRF or session value (MEDIUM), or like an id, code or PIN (LOW). Random numbers for anything else are not reported.',
    examples: [
      {
        language: 'php',
        bad: "<?php\nfunction createResetToken(): string {\n    $token = md5(uniqid(mt_rand(), true));\n    return $token;\n}",
        good: "<?php\nfunction createResetToken(): string {\n    $token = bin2hex(random_bytes(32));\n    return $token;\n}",
      },
    ],
  },
  match,
  triggers: [anyCase(WEAK)],
});
