import { all } from '../prefilter.js';
import { OWASP, JS_AND_PYTHON } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { XPATH_INJECTION_SINKS } from '../taint-sinks.js';
import { JS_SERVER_SOURCE_TRIGGERS, PYTHON_SOURCE_TRIGGERS } from '../helpers.js';

export const rule = defineTaintRule(
  {
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
    },
    triggers: {
      js: [all('xpath', JS_SERVER_SOURCE_TRIGGERS), all('evaluate', 'document')],
      python: [all(['XPath', 'ETXPath', 'xpath', 'elementpath', 'find', 'findall', 'iterfind', 'findtext'], ['lxml', 'etree', 'ElementTree', 'elementpath', 'xpath'], PYTHON_SOURCE_TRIGGERS)],
    },
  },
  XPATH_INJECTION_SINKS,
);
