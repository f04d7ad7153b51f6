import { isLiteral } from '../ast.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { all, literal } from '../prefilter.js';
import { argument, isDynamic, isFalseLiteral, isTrueLiteral, option, sink, stringLiteral } from '../helpers.js';

const MARKUP = new Set(['markupsafe.Markup', 'flask.Markup', 'jinja2.Markup', 'Markup', 'django.utils.safestring.mark_safe', 'mark_safe']);
/** `{{ x | safe }}` or an autoescape block turned off, in a template kept in a Python string. */
const UNSAFE_TEMPLATE = /\{\{[^}]*\|\s*safe\s*\}\}|\{%-?\s*autoescape\s+(?:false|off)\s*-?%\}/i;

/** JavaScript engines with an escaping switch: swig `setDefaults`, nunjucks `configure`/`Environment`, Handlebars `compile`. */
const JS_ENGINE = /^(?:swig|nunjucks|handlebars|Handlebars)\.(?:setDefaults|configure|Environment|compile)$/;

function jsEngines(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (!JS_ENGINE.test(call.qualified) && !JS_ENGINE.test(call.name)) continue;
    const off = isFalseLiteral(ctx, option(ctx, call, 'autoescape')) || isTrueLiteral(ctx, option(ctx, call, 'noEscape'));
    if (off) out.push({ node: call.node, detail: `\`${call.name}\` turns HTML escaping off for every template it renders.` });
  }
  return out;
}

function match(ctx: RuleContext): Match[] {
  if (ctx.language !== 'python') return jsEngines(ctx);
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (MARKUP.has(call.qualified)) {
      const value = argument(call, 0);
      if (!value || isLiteral(ctx.text, value, ctx.profile)) continue;
      const m = sink(ctx, call.node, value, { pattern: (a) => isDynamic(ctx, a), what: `\`${call.name}\`, which marks it as safe HTML`, kind: 'html' });
      if (m) out.push(m);
    } else if (/^(?:jinja2\.)?Environment$/.test(call.qualified) && isFalseLiteral(ctx, call.kwargs.get('autoescape'))) {
      out.push({ node: call.node, detail: 'The Jinja2 environment is created with `autoescape=False`.' });
    }
  }
  for (const str of ctx.nodes.of('string')) {
    if (str.parent?.type === 'concatenated_string') continue;
    const value = stringLiteral(ctx, str);
    if (value !== undefined && UNSAFE_TEMPLATE.test(value)) out.push({ node: str, detail: 'An inline template prints a value with `|safe` or turns autoescaping off.' });
  }
  return out;
}

export const rule = defineRule({
  id: 'jinja-unescaped-output',
  title: 'HTML escaping bypassed in server-side templates',
  severity: 'MEDIUM',
  confidence: 0.5,
  taintConfidence: 0.9,
  cwe: 'CWE-79',
  owasp: OWASP.injection,
  languages: JS_AND_PYTHON,
  description: 'Output escaping is switched off for a value (`Markup(...)`, `mark_safe(...)`, `|safe`, `autoescape=False`), so HTML in it is rendered as markup; with user-controlled content this is stored or reflected XSS.',
  remediation: 'Let the template engine escape values; pass HTML through a sanitiser such as `bleach.clean` or `nh3.clean` before marking it safe, and never wrap request data in `Markup`/`mark_safe`.',
  docs: {
    summary:
      '`Markup(...)`/`mark_safe(...)` of request data (0.9) or of strings built at run time (0.5), `jinja2.Environment(autoescape=False)`, inline templates in Python strings that use `|safe` or `{% autoescape false %}` (0.5), swig `setDefaults`, nunjucks `configure`/`Environment` with `autoescape: false` and Handlebars `compile` with `noEscape: true`; and the same in template files (`*.html`: `{{ variable|safe }}`, `{% autoescape off %}`; a literal marked safe is not reported).',
    examples: [
      {
        language: 'javascript',
        bad: "const swig = require('swig');\nswig.setDefaults({ cache: false, autoescape: false });",
        good: "const swig = require('swig');\nswig.setDefaults({ cache: false, autoescape: true });",
      },
      {
        language: 'python',
        bad: "from markupsafe import Markup\n\n@app.route('/bio')\ndef bio():\n    return render_template('bio.html', bio=Markup(request.form['bio']))",
        good: "from markupsafe import Markup, escape\n\n@app.route('/bio')\ndef bio():\n    return render_template('bio.html', bio=escape(request.form['bio']))",
      },
      {
        language: 'python',
        bad: "PAGE = '<h1>{{ title }}</h1><div>{{ body | safe }}</div>'",
        good: "PAGE = '<h1>{{ title }}</h1><div>{{ body }}</div>'",
      },
    ],
  },
  match,
  triggers: {
    python: ['Markup', 'mark_safe', all('Environment', 'autoescape'), literal(['safe', 'autoescape'], { ignoreCase: true })],
    js: [all(['autoescape', 'noEscape'], ['swig', 'nunjucks', 'andlebars'])],
  },
});
