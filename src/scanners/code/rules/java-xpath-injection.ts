import { textOf } from '../ast.js';
import { defineRule, OWASP, JAVA, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { all, anyCase } from '../prefilter.js';
import { resolve } from '../function-model/values.js';
import { constantText, dynamicString, localSink } from '../function-model/taint.js';

const XPATH_METHODS = new Set(['evaluate', 'compile', 'evaluateExpression']);
const NODE_METHODS = new Set(['selectNodes', 'selectSingleNode', 'selectObject', 'valueOf', 'numberValueOf', 'createXPath']);
const XPATH_TEXT = /^\s*\/|\[\s*@|\/\/|\w+\s*\[/;
const SANITISERS = new Set(['encodeForXPath', 'escapeXPath']);
/** Variable names taken for a javax.xml.xpath `XPath` (any case). */
const XPATH_VARIABLE_NAMES = ['xpath', 'xp', 'xpathObj'];
const XPATH_VARIABLE = new RegExp(`^(?:${XPATH_VARIABLE_NAMES.join('|')})$`, 'i');
/** Jaxen XPath classes whose constructor takes the expression. */
const XPATH_CLASSES = ['DOMXPath', 'Dom4jXPath', 'JDOMXPath'];
const XPATH_CLASS = new RegExp(`(?:^|\\.)(?:${XPATH_CLASSES.join('|')})$`);

/** Whether a receiver is a javax.xml.xpath XPath (`xpf.newXPath()`, a variable named xpath/xp). */
function isXPath(ctx: RuleContext, call: QualifiedCall): boolean {
  if (!call.receiver) return false;
  const receiver = textOf(ctx.text, call.receiver);
  return /newXPath\s*\(\s*\)$/.test(textOf(ctx.text, resolve(ctx, call.receiver))) || XPATH_VARIABLE.test(receiver);
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    const expr = call.args[0];
    if (!expr) continue;
    const xpath = (XPATH_METHODS.has(call.method) && isXPath(ctx, call)) || (NODE_METHODS.has(call.method) && XPATH_TEXT.test(constantText(ctx, expr))) || (call.isNew && XPATH_CLASS.test(call.name)) || /(?:^|\.)XPath\.newInstance$/.test(call.name);
    if (!xpath) continue;
    const m = localSink(ctx, call, expr, dynamicString(ctx, expr), 'the XPath expression', SANITISERS);
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
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
    examples: [
      {
        language: 'java',
        bad:
          'class Users {\n  String role(HttpServletRequest request, Document doc) throws XPathExpressionException {\n    XPath xpath = XPathFactory.newInstance().newXPath();\n    String name = request.getParameter("name");\n    return xpath.evaluate("/users/user[@name=\'" + name + "\']/role", doc);\n  }\n}',
        good:
          'class Users {\n  String role(HttpServletRequest request, Document doc) throws XPathExpressionException {\n    XPath xpath = XPathFactory.newInstance().newXPath();\n    String name = request.getParameter("name");\n    xpath.setXPathVariableResolver(v -> "name".equals(v.getLocalPart()) ? name : null);\n    return xpath.evaluate("/users/user[@name=$name]/role", doc);\n  }\n}',
      },
    ],
  },
  match,
  triggers: [all([...XPATH_METHODS], ['newXPath', anyCase(XPATH_VARIABLE_NAMES)]), ...NODE_METHODS, ...XPATH_CLASSES, all('XPath', 'newInstance')],
});
