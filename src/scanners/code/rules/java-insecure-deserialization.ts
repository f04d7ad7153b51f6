import { enclosingFunction, textOf } from '../ast.js';
import { defineRule, OWASP, JAVA, type Match, type RuleContext } from '../rule.js';
import { taintSource } from '../helpers.js';

const STREAMS = new Set(['ObjectInputStream', 'XMLDecoder']);
const NETWORK = /getInputStream\s*\(|\bsocket\b|getBody\s*\(|getReader\s*\(/i;

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (!call.isNew || !STREAMS.has(call.method)) continue;
    const fn = enclosingFunction(call.node, ctx.language);
    const body = fn ? textOf(ctx.text, fn) : ctx.text;
    if (/setObjectInputFilter|ValidatingObjectInputStream|resolveClass/.test(body)) continue;
    const arg = call.args[0];
    if (!arg) continue;
    const source = taintSource(ctx, arg, { kind: 'deserialization' });
    if (source) out.push({ node: call.node, taint: { source, line: call.node.row + 1 }, detail: `\`${call.method}\` reads objects from request data (\`${source.slice(0, 60)}\`).` });
    else if (NETWORK.test(textOf(ctx.text, arg))) out.push({ node: call.node, detail: `\`${call.method}\` reads objects from a network stream without a class filter.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'java-insecure-deserialization',
  title: 'Java deserialisation of untrusted data',
  severity: 'CRITICAL',
  confidence: 0.6,
  taintConfidence: 0.9,
  cwe: 'CWE-502',
  owasp: OWASP.integrity,
  languages: JAVA,
  description: 'An `ObjectInputStream` (or `XMLDecoder`) reads objects from request or network data with no class filter, so a crafted stream can instantiate gadget classes on the class path and run code during deserialisation.',
  remediation: 'Do not use Java serialisation for untrusted input: exchange JSON mapped to specific classes. If unavoidable, set an `ObjectInputFilter` allow-list (`setObjectInputFilter`, `jdk.serialFilter`) before `readObject`.',
  docs: {
    summary: '`new ObjectInputStream(…)`/`new XMLDecoder(…)` over `request.getInputStream()` (directly or through a local variable; 0.9) or another socket/network stream (0.6), unless the same method installs an `ObjectInputFilter` or uses a validating stream.',
    examples: [
      {
        language: 'java',
        bad: 'class Import {\n  Object read(HttpServletRequest request) throws Exception {\n    ObjectInputStream in = new ObjectInputStream(request.getInputStream());\n    return in.readObject();\n  }\n}',
        good: 'class Import {\n  Object read(HttpServletRequest request) throws Exception {\n    ObjectInputStream in = new ObjectInputStream(request.getInputStream());\n    in.setObjectInputFilter(ObjectInputFilter.Config.createFilter("com.example.Dto;!*"));\n    return in.readObject();\n  }\n}',
      },
    ],
  },
  match,
  triggers: ['ObjectInputStream', 'XMLDecoder'],
});
