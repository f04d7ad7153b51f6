import { textOf } from '../ast.js';
import { defineRule, OWASP, JAVA, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { all } from '../prefilter.js';
import { randomMatch } from '../function-model/purpose.js';
import { resolve, strip } from '../helpers.js';

const NEXT_METHODS = new Set(['nextInt', 'nextLong', 'nextDouble', 'nextFloat', 'nextBytes', 'nextGaussian', 'nextBoolean', 'ints', 'longs', 'doubles']);
const WEAK_GENERATOR = /^(?:new\s+(?:java\.util\.)?Random\s*\(|(?:java\.util\.concurrent\.)?ThreadLocalRandom\.current\s*\(\s*\)$|(?:java\.util\.concurrent\.)?ThreadLocalRandom\.current\(\))/;
const COMMONS = /(?:^|\.)(?:RandomStringUtils\.random\w*|RandomUtils\.next\w*)$/;

/** The label of a non-cryptographic random call, or undefined (SecureRandom, unknown receivers). */
function weakCall(ctx: RuleContext, call: QualifiedCall): string | undefined {
  if (/(?:^|\.)Math\.random$/.test(call.name)) return 'Math.random()';
  if (COMMONS.test(call.name)) return call.name.split('.').slice(-2).join('.');
  if (!call.receiver || !NEXT_METHODS.has(call.method)) return undefined;
  const generator = textOf(ctx.text, resolve(ctx, call.receiver));
  return WEAK_GENERATOR.test(generator) ? `java.util.Random.${call.method}` : undefined;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    const label = weakCall(ctx, call);
    if (!label) continue;
    // nextBytes(buf) fills its argument.
    const holder = call.method === 'nextBytes' && call.args[0] && strip(call.args[0]).type === 'identifier' ? strip(call.args[0]) : undefined;
    const m = randomMatch(ctx, call.node, label, holder);
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'java-insecure-randomness',
  title: 'Java predictable random value used as a secret or identifier',
  severity: 'MEDIUM',
  confidence: 0.6,
  taintConfidence: 0.9,
  cwe: 'CWE-330',
  owasp: OWASP.cryptography,
  languages: JAVA,
  description: 'A token, password, key, session or remember-me value is generated with `java.util.Random`, `Math.random()`, `ThreadLocalRandom` or Commons `RandomStringUtils`, whose output can be predicted from a few observed values.',
  remediation: 'Use `java.security.SecureRandom` (one shared instance) for every security-relevant value: `new SecureRandom().nextBytes(buf)` encoded with `Base64.getUrlEncoder()`, or `UUID.randomUUID()` for identifiers.',
  docs: {
    summary:
      '`Math.random()`, `new Random().next…()` (also through a variable or field holding a `java.util.Random`), `ThreadLocalRandom.current().next…()` and Commons `RandomStringUtils.random…`/`RandomUtils.next…`, when the value, or the variable it is copied into next, is named like a token, password, key, secret, nonce, salt, session or remember-me value (MEDIUM), or like an id, code or PIN (LOW). `SecureRandom` is never reported.',
    examples: [
      {
        language: 'java',
        bad: 'class Tokens {\n  String resetToken() {\n    long value = new Random().nextLong();\n    String token = Long.toHexString(value);\n    return token;\n  }\n}',
        good: 'class Tokens {\n  private static final SecureRandom RANDOM = new SecureRandom();\n  String resetToken() {\n    byte[] bytes = new byte[32];\n    RANDOM.nextBytes(bytes);\n    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);\n  }\n}',
      },
    ],
  },
  match,
  triggers: [all('Math', 'random'), 'RandomStringUtils', 'RandomUtils', all([...NEXT_METHODS], ['Random', 'ThreadLocalRandom'])],
});
