import { unwrap } from '../ast.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { argument, isDynamicString, isHarmless, sinkMatch } from '../sinks.js';

const JS_EVAL = new Set(['eval', 'window.eval', 'globalThis.eval', 'Function', 'vm.runInThisContext', 'vm.runInNewContext', 'vm.runInContext', 'vm.compileFunction', 'vm.Script']);
const JS_TIMERS = new Set(['setTimeout', 'setInterval', 'setImmediate', 'window.setTimeout', 'window.setInterval']);
const PY_EVAL = new Set(['eval', 'exec', 'compile', 'builtins.eval', 'builtins.exec']);
/** Library functions that evaluate a Python expression string: Pillow's ImageMath (CVE-2022-22817). */
const PY_EXPRESSION_EVAL = new Set(['PIL.ImageMath.eval', 'PIL.ImageMath.unsafe_eval']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    let m: Match | undefined;
    if (ctx.language === 'python') {
      if ((PY_EVAL.has(call.qualified) && !call.receiver) || PY_EXPRESSION_EVAL.has(call.qualified)) m = sinkMatch(ctx, call.node, argument(call, 0, 'source'), (a) => isDynamicString(ctx, a), 'code passed to `' + call.name + '`', 'code');
    } else if (JS_EVAL.has(call.qualified)) {
      const args = call.name === 'Function' ? call.args.slice(-1) : call.args.slice(0, 1);
      m = sinkMatch(ctx, call.node, args[0], (a) => !isHarmless(ctx, a) && !['arrow_function', 'function_expression', 'object'].includes(unwrap(a).type), `code evaluated by \`${call.name}\``, 'code');
    } else if (JS_TIMERS.has(call.qualified)) {
      const first = argument(call, 0);
      if (first && ['template_string', 'binary_expression', 'string'].includes(unwrap(first).type)) m = sinkMatch(ctx, call.node, first, (a) => isDynamicString(ctx, a), `a string evaluated by \`${call.name}\``, 'code');
    }
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'code-injection',
  title: 'Dynamic code evaluation of untrusted data',
  severity: 'CRITICAL',
  confidence: 0.5,
  taintConfidence: 0.9,
  cwe: 'CWE-94',
  owasp: OWASP.injection,
  languages: JS_AND_PYTHON,
  description: 'Text that is not constant is evaluated as code, so whoever controls it runs code in the application process.',
  remediation: 'Do not evaluate strings: parse data with `JSON.parse`/`json.loads`/`ast.literal_eval`, dispatch through a map of allowed functions, pass functions (not strings) to timers.',
  docs: {
    summary:
      '`eval`, `new Function`, `vm.runIn*Context`/`vm.Script`, string arguments of `setTimeout`/`setInterval`; Python `eval`/`exec`/`compile` and Pillow `ImageMath.eval`/`unsafe_eval`. Request data reaching them is reported with 0.9; other non-constant code with 0.5.',
    examples: [
      {
        language: 'javascript',
        bad: "app.post('/calc', (req, res) => {\n  const result = eval(req.body.expression);\n  res.json({ result });\n});",
        good: "app.post('/calc', (req, res) => {\n  const result = Number(req.body.a) + Number(req.body.b);\n  res.json({ result });\n});",
      },
      {
        language: 'python',
        bad: "@app.route('/calc')\ndef calc():\n    expr = request.args.get('expr')\n    return str(eval(expr))",
        good: "import ast\n\n@app.route('/calc')\ndef calc():\n    expr = request.args.get('expr')\n    return str(ast.literal_eval(expr))",
      },
    ],
  },
  match,
  triggers: {
    js: ['eval', 'Function', 'runInThisContext', 'runInNewContext', 'runInContext', 'compileFunction', 'Script', 'setTimeout', 'setInterval', 'setImmediate'],
    python: ['eval', 'exec', 'compile'],
  },
});
