import { defineRule, OWASP, RUBY, type Match, type RuleContext } from '../rule.js';
import { localSink } from '../function-model/taint.js';
import { all } from '../prefilter.js';

const LOADERS = new Set(['Marshal.load', 'Marshal.restore', 'YAML.load', 'YAML.unsafe_load', 'Psych.load', 'Psych.unsafe_load', 'YAML.load_documents', 'Oj.load', 'Oj.object_load']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (!LOADERS.has(call.name)) continue;
    // `Oj.load(x, mode: :strict)` builds no objects.
    if (call.name.startsWith('Oj.') && call.args.some((a) => /mode:\s*:(?:strict|null|compat)/.test(ctx.text.slice(a.start, a.end)))) continue;
    const m = localSink(ctx, call, call.args[0], false, `\`${call.name}\``);
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
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
    examples: [
      {
        language: 'ruby',
        bad: 'def restore\n  cart = Marshal.load(Base64.decode64(cookies[:cart]))\n  render json: cart\nend',
        good: 'def restore\n  cart = JSON.parse(Base64.decode64(cookies[:cart]))\n  render json: cart\nend',
      },
    ],
  },
  match,
  triggers: [all(['Marshal', 'YAML', 'Psych', 'Oj'], ['load', 'restore', 'unsafe_load', 'load_documents', 'object_load'])],
});
