import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { argument, literalText } from '../sinks.js';
import { all } from '../prefilter.js';
import { JS_SERVER_SOURCE_TRIGGERS, PYTHON_SOURCE_TRIGGERS } from '../taint.js';

/** ElementTree's path methods: an XPath subset (`.//user[@name='…']`); a bare string search is not one. */
const ELEMENT_PATH = new Set(['find', 'findall', 'iterfind', 'findtext']);
const XPATH_SYNTAX = /\[@|\/\/|^\.?\//;

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  const python = ctx.language === 'python';
  for (const call of ctx.calls) {
    let expr;
    if (python) {
      if (/(?:^|\.)XPath$|(?:^|\.)ETXPath$/.test(call.qualified) || (call.method === 'xpath' && call.receiver)) expr = argument(call, 0, '_path');
      else if (/^elementpath\.(?:select|iter_select|Selector)$/.test(call.qualified)) expr = call.qualified.endsWith('Selector') ? argument(call, 0, 'path') : argument(call, 1, 'path');
      else if (ELEMENT_PATH.has(call.method) && call.receiver && /\b(?:lxml|xml\.etree|ElementTree|defusedxml)\b/.test(ctx.text)) {
        const path = argument(call, 0, 'path');
        if (path && XPATH_SYNTAX.test(literalText(ctx, path).trimStart())) expr = path;
      }
    } else if (/^xpath\.(?:select|select1|evaluate|parse)$/.test(call.qualified) || (call.method === 'evaluate' && call.receiver && /document$/.test(call.name.replace(/\.evaluate$/, '')))) {
      expr = call.args[0];
    }
    const taint = expr ? ctx.taint.taintOf(expr, 'xpath') : undefined;
    if (taint) out.push({ node: call.node, taint, detail: `Request data from ${ctx.taint.describe(taint)} is part of the XPath expression.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'xpath-injection',
  title: 'XPath query built from untrusted data',
  severity: 'HIGH',
  confidence: 0.5,
  taintConfidence: 0.85,
  cwe: 'CWE-643',
  owasp: OWASP.injection,
  languages: JS_AND_PYTHON,
  description: 'An XPath expression is assembled from request data, so a quote in the input can change the query (`\' or \'1\'=\'1`) and read or match nodes it should not.',
  remediation: 'Keep the expression constant and pass values as XPath variables (lxml: `root.xpath("//user[@name=$name]", name=value)`; `xpath` npm: variables in `evaluate`), or check the value against a strict pattern first.',
  docs: {
    summary:
      'Python lxml `etree.XPath(expr)` / `element.xpath(expr)`, `elementpath.select(root, expr)` and ElementTree `find`/`findall`/`iterfind`/`findtext` paths with XPath syntax, and JavaScript `xpath.select`/`evaluate` and `document.evaluate`, whose expression carries request data. lxml variables (`$name` with keyword arguments) are the safe form.',
    examples: [
      {
        language: 'python',
        bad: "from lxml import etree\n\n@app.route('/user')\ndef user():\n    name = request.args.get('name', '')\n    root = etree.parse('users.xml')\n    return str(root.xpath(f\"//user[@name='{name}']/email/text()\"))",
        good: "from lxml import etree\n\n@app.route('/user')\ndef user():\n    name = request.args.get('name', '')\n    root = etree.parse('users.xml')\n    return str(root.xpath('//user[@name=$name]/email/text()', name=name))",
      },
      {
        language: 'javascript',
        bad: "const xpath = require('xpath');\napp.get('/user', (req, res) => {\n  res.json(xpath.select(`//user[@name='${req.query.name}']/email/text()`, doc).map(String));\n});",
        good: "const xpath = require('xpath');\napp.get('/user', (req, res) => {\n  const found = xpath.select('//user/email/text()', doc);\n  res.json(found.map(String));\n});",
      },
    ],
  },
  match,
  triggers: {
    js: [all('xpath', JS_SERVER_SOURCE_TRIGGERS), all('evaluate', 'document')],
    python: [all(['XPath', 'ETXPath', 'xpath', 'elementpath', 'find', 'findall', 'iterfind', 'findtext'], ['lxml', 'etree', 'ElementTree', 'elementpath', 'xpath'], PYTHON_SOURCE_TRIGGERS)],
  },
});
