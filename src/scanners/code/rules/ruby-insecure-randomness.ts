import { textOf } from '../ast.js';
import { defineRule, OWASP, RUBY, type Match, type RuleContext } from '../rule.js';
import { randomMatch } from '../function-model/purpose.js';
import { assignedValues } from '../helpers.js';

/** Array methods picking with Kernel's generator unless given `random: SecureRandom`. */
const SHUFFLES = new Set(['sample', 'shuffle']);
/** Every name here contains the word `rand` or `Random`. */
const WEAK_CALLS = /^(?:rand|Kernel\.rand|Random\.rand|Random\.bytes|Random\.new(?:\(.*\))?\.(?:rand|bytes)|Random::DEFAULT\.rand)$/;

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    const weak = WEAK_CALLS.test(call.name) || (SHUFFLES.has(call.method) && call.args.length <= 1 && !/random:\s*SecureRandom/.test(textOf(ctx.text, call.node)));
    if (!weak) continue;
    const m = randomMatch(ctx, call.node, call.name.length > 30 ? call.method : call.name);
    if (m) out.push(m);
  }
  // A bare `rand` is an identifier node unless a local variable of that name exists.
  for (const id of ctx.nodes.of('identifier')) {
    if (textOf(ctx.text, id) !== 'rand' || id.field === 'left' || id.field === 'method' || assignedValues(ctx, id).length > 0) continue;
    const m = randomMatch(ctx, id, 'rand');
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'ruby-insecure-randomness',
  title: 'Ruby predictable random value used as a secret or identifier',
  severity: 'MEDIUM',
  confidence: 0.6,
  taintConfidence: 0.9,
  cwe: 'CWE-330',
  owasp: OWASP.cryptography,
  languages: RUBY,
  description: 'A token, password, key or session value is generated with `rand`, `Random` or `Array#sample`/`shuffle`, which use a Mersenne Twister whose output can be predicted from observed values.',
  remediation: 'Use `SecureRandom` (`SecureRandom.hex(32)`, `SecureRandom.urlsafe_base64`, `SecureRandom.uuid`) or Rails `has_secure_token`; pass `random: SecureRandom` to `sample`/`shuffle`.',
  docs: {
    summary:
      '`rand`, `Kernel.rand`, `Random.rand`/`bytes`, `Random.new.rand`, and `Array#sample`/`shuffle` without `random: SecureRandom`, when the value, or the variable it is copied into next, is named like a token, password, key, secret, nonce, salt or session (MEDIUM), or like an id, code or PIN (LOW). `SecureRandom` is never reported.',
    examples: [
      {
        language: 'ruby',
        bad: "class User < ApplicationRecord\n  def generate_reset_token\n    self.reset_token = Array.new(32) { rand(36).to_s(36) }.join\n  end\nend",
        good: "class User < ApplicationRecord\n  def generate_reset_token\n    self.reset_token = SecureRandom.urlsafe_base64(32)\n  end\nend",
      },
    ],
  },
  match,
  triggers: ['rand', 'Random', ...SHUFFLES],
});
