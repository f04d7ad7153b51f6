import { OWASP, JS_AND_PYTHON } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { TEMPLATE_INJECTION_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
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
        'Template compilation from strings: Flask `render_template_string`, Jinja2 `Template`/`from_string`, Mako and Django `Template`; ejs, pug, Handlebars, nunjucks `renderString`, lodash `_.template`, Mustache. Template files written by Python (`write` on a file opened for writing in a `templates` directory or with a template extension, compiled when the page renders: stored template injection; proven flows only). Request data in the template source: 0.9; a source built at run time: 0.5.',
    },
  },
  TEMPLATE_INJECTION_SINKS,
);
