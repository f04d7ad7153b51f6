import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { argument, isDynamicString, sinkMatch } from '../sinks.js';

const PY_SINKS = new Set(['flask.render_template_string', 'render_template_string', 'jinja2.Template', 'Template', 'mako.template.Template', 'django.template.Template']);
const JS_SINKS = new Set(['ejs.render', 'ejs.compile', 'pug.render', 'pug.compile', 'jade.render', 'jade.compile', 'handlebars.compile', 'Handlebars.compile', 'nunjucks.renderString', 'lodash.template', '_.template', 'doT.template', 'dot.template', 'mustache.render', 'Mustache.render']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    let m: Match | undefined;
    if (ctx.language === 'python') {
      const sink = PY_SINKS.has(call.qualified) && (call.qualified !== 'Template' || ctx.imports.qualify('Template') !== 'Template') ? true : call.method === 'from_string' && call.receiver !== undefined;
      if (sink) m = sinkMatch(ctx, call.node, argument(call, 0, 'source'), (a) => isDynamicString(ctx, a), 'the template source', 'template');
    } else if (JS_SINKS.has(call.qualified) || JS_SINKS.has(call.name)) {
      m = sinkMatch(ctx, call.node, argument(call, 0), (a) => isDynamicString(ctx, a), 'the template source', 'template');
    }
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'template-injection',
  title: 'Template compiled from untrusted data',
  severity: 'CRITICAL',
  confidence: 0.5,
  taintConfidence: 0.9,
  cwe: 'CWE-1336',
  owasp: OWASP.injection,
  languages: JS_AND_PYTHON,
  description: 'Template source text is built from input, so template expressions in it run on the server (server-side template injection, usually code execution).',
  remediation: 'Keep template sources constant (files or literals) and pass input as render context variables.',
  docs: {
    summary:
      'Template compilation from strings: Flask `render_template_string`, Jinja2 `Template`/`from_string`, Mako and Django `Template`; ejs, pug, Handlebars, nunjucks `renderString`, lodash `_.template`, Mustache. Request data in the template source: 0.9; a source built at run time: 0.5.',
    examples: [
      {
        language: 'python',
        bad: "@app.route('/hello')\ndef hello():\n    name = request.args.get('name')\n    return render_template_string(f\"<h1>Hello {name}</h1>\")",
        good: "@app.route('/hello')\ndef hello():\n    name = request.args.get('name')\n    return render_template_string(\"<h1>Hello {{ name }}</h1>\", name=name)",
      },
      {
        language: 'javascript',
        bad: "const ejs = require('ejs');\napp.get('/page', (req, res) => {\n  res.send(ejs.render('<h1>' + req.query.title + '</h1>'));\n});",
        good: "const ejs = require('ejs');\napp.get('/page', (req, res) => {\n  res.send(ejs.render('<h1><%= title %></h1>', { title: req.query.title }));\n});",
      },
    ],
  },
  match,
  triggers: {
    js: ['render', 'compile', 'renderString', 'template'],
    python: ['render_template_string', 'Template', 'from_string'],
  },
});
