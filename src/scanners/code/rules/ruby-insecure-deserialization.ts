import { OWASP, RUBY } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { RUBY_INSECURE_DESERIALIZATION_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
    id: 'ruby-insecure-deserialization',
    title: 'Ruby deserialisation of untrusted data',
    severity: 'CRITICAL',
    confidence: 0.5,
    taintConfidence: 0.9,
    cwe: 'CWE-502',
    owasp: OWASP.integrity,
    languages: RUBY,
    description: '`Marshal.load`, `YAML.load`/`unsafe_load` (Psych < 4) or `Oj.load` in object mode reads request data, so a crafted payload can instantiate arbitrary classes and reach known gadget chains that execute code.',
    remediation: 'Exchange JSON (`JSON.parse`) or use `YAML.safe_load` with `permitted_classes`; never `Marshal.load` data that crossed a trust boundary, and sign anything that must round-trip.',
    docs: {
      summary: '`Marshal.load`/`restore`, `YAML.load`/`unsafe_load`, `Psych.load` and `Oj.load`/`object_load` (unless in `:strict`/`:compat` mode) whose input carries `params`, `cookies` or `request` data, directly or through a local variable.',
    },
  },
  RUBY_INSECURE_DESERIALIZATION_SINKS,
);
