import { defineRule, OWASP, RUBY, type Match, type RuleContext } from '../rule.js';
import { dynamicString, localSink } from '../function-model/taint.js';

const EVALUATORS = new Set(['eval', 'instance_eval', 'class_eval', 'module_eval', 'Kernel.eval', 'binding.eval']);
/** Reflection that turns a string into a method or class choice. */
const REFLECTION = new Set(['send', 'public_send', '__send__', 'constantize', 'safe_constantize', 'const_get', 'method', 'instance_variable_get', 'instance_variable_set']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (EVALUATORS.has(call.name) || (EVALUATORS.has(call.method) && call.method !== 'eval')) {
      const arg = call.args[0];
      const m = localSink(ctx, call, arg, !!arg && dynamicString(ctx, arg), `code evaluated by \`${call.method}\``);
      if (m) out.push(m);
    } else if (REFLECTION.has(call.method)) {
      // `params[:class].constantize` has the input as receiver; `obj.send(params[:m])` as first argument.
      const target = call.method.endsWith('constantize') ? call.receiver : call.args[0];
      const m = localSink(ctx, call, target, false, `\`${call.method}\`, which picks the method or class to use`);
      if (m) out.push(m);
    }
  }
  return out;
}

export const rule = defineRule({
  id: 'ruby-code-injection',
  title: 'Ruby code or method chosen by untrusted data',
  severity: 'CRITICAL',
  confidence: 0.5,
  taintConfidence: 0.9,
  cwe: 'CWE-94',
  owasp: OWASP.injection,
  languages: RUBY,
  description: 'Request data is evaluated as Ruby code (`eval`, `instance_eval`, `class_eval`) or picks the method or class to call (`send`, `public_send`, `constantize`, `const_get`), so a caller can run arbitrary code or reach methods never meant to be exposed.',
  remediation: 'Map request values to an explicit allow-list of methods or classes (`ALLOWED = { "csv" => CsvExport }.fetch(params[:format])`) and never evaluate strings built from input.',
  docs: {
    summary: '`eval`/`instance_eval`/`class_eval`/`module_eval` of request data (0.9) or of interpolated strings (0.5), and `send`/`public_send`/`constantize`/`const_get`/`instance_variable_get` whose method or class name carries request data.',
    examples: [
      {
        language: 'ruby',
        bad: 'def export\n  exporter = params[:format].constantize\n  send_data exporter.new(current_user).call\nend',
        good: 'EXPORTERS = { "csv" => CsvExport, "pdf" => PdfExport }.freeze\n\ndef export\n  exporter = EXPORTERS.fetch(params[:format], CsvExport)\n  send_data exporter.new(current_user).call\nend',
      },
    ],
  },
  match,
  triggers: ['eval', 'instance_eval', 'class_eval', 'module_eval', 'send', 'public_send', '__send__', 'constantize', 'safe_constantize', 'const_get', 'method', 'instance_variable_get', 'instance_variable_set'],
});
