import { all, anyCase } from '../prefilter.js';
import { OWASP, JAVA } from '../rule.js';
import { defineTaintRule, XPATH_VARIABLE_NAMES } from '../sink-spec.js';
import { JAVA_XPATH_INJECTION_SINKS } from '../taint-sinks.js';

const XPATH_METHODS = ['evaluate', 'compile', 'evaluateExpression'];
const NODE_METHODS = ['selectNodes', 'selectSingleNode', 'selectObject', 'valueOf', 'numberValueOf', 'createXPath'];
const XPATH_CLASSES = ['DOMXPath', 'Dom4jXPath', 'JDOMXPath'];

export const rule = defineTaintRule(
  {
    id: 'java-xpath-injection',
    title: 'Java XPath expression built from untrusted data',
    severity: 'HIGH',
    confidence: 0.5,
    taintConfidence: 0.9,
    cwe: 'CWE-643',
    owasp: OWASP.injection,
    languages: JAVA,
    description: 'An XPath expression is built by concatenating values into it, so input such as `\' or \'1\'=\'1` changes the query and reads or matches nodes it should not (for example every user of an XML user store).',
    remediation: 'Keep the expression constant and bind values through an `XPathVariableResolver` (`$user` in the expression), or encode values with ESAPI `encodeForXPath`; validate identifiers against a strict pattern.',
    docs: {
      summary:
        '`XPath.evaluate`/`compile` on an `XPath` from `XPathFactory.newXPath()`, dom4j/Jaxen `selectNodes`/`selectSingleNode`/`valueOf` of XPath-shaped text, `new DOMXPath(…)` and JDOM `XPath.newInstance(…)` whose expression contains request data (0.9) or is concatenated from other non-constant values (0.5).',
    },
    triggers: [all([...XPATH_METHODS], ['newXPath', anyCase(XPATH_VARIABLE_NAMES)]), ...NODE_METHODS, ...XPATH_CLASSES, all('XPath', 'newInstance')],
  },
  JAVA_XPATH_INJECTION_SINKS,
);
