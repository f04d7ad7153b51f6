import { enclosingFunction, textOf } from '../ast.js';
import { defineRule, OWASP, JAVA, type Match, type RuleContext } from '../rule.js';

const FACTORIES = new Set(['DocumentBuilderFactory', 'SAXParserFactory', 'XMLInputFactory', 'TransformerFactory', 'SchemaFactory', 'SAXReader', 'SAXBuilder']);
/** Settings that turn DOCTYPEs or external entities off. */
const HARDENED =
  /disallow-doctype-decl|external-general-entities"\s*,\s*false|setExpandEntityReferences\s*\(\s*false|SUPPORT_DTD\s*,\s*(?:false|Boolean\.FALSE)|IS_SUPPORTING_EXTERNAL_ENTITIES\s*,\s*(?:false|Boolean\.FALSE)|ACCESS_EXTERNAL_DTD\s*,\s*""/;

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    const factory = call.isNew ? call.method : call.receiver ? textOf(ctx.text, call.receiver).split('.').at(-1) : undefined;
    if (!factory || !FACTORIES.has(factory)) continue;
    if (!call.isNew && !/^new(?:Default)?(?:Instance|Factory)$/.test(call.method)) continue;
    if (call.isNew && factory !== 'SAXReader' && factory !== 'SAXBuilder') continue;
    const fn = enclosingFunction(call.node, ctx.language);
    if (HARDENED.test(fn ? textOf(ctx.text, fn) : ctx.text)) continue;
    out.push({ node: call.node, detail: `\`${factory}\` is created without disabling DOCTYPE declarations or external entities in the same method.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'java-xxe',
  title: 'Java XML parser open to external entities (XXE)',
  severity: 'HIGH',
  confidence: 0.6,
  taintConfidence: 0.9,
  cwe: 'CWE-611',
  owasp: OWASP.misconfiguration,
  languages: JAVA,
  description: 'A JAXP/StAX/dom4j/JDOM XML parser is created with default settings, which resolve external entities and DTDs: a crafted document can read local files, reach internal services (SSRF) or exhaust memory.',
  remediation: 'Before parsing, call `setFeature("http://apache.org/xml/features/disallow-doctype-decl", true)` (or disable external general/parameter entities and `setExpandEntityReferences(false)`); for StAX set `SUPPORT_DTD` and `IS_SUPPORTING_EXTERNAL_ENTITIES` to false.',
  docs: {
    summary:
      '`DocumentBuilderFactory`, `SAXParserFactory`, `XMLInputFactory`, `TransformerFactory`, `SchemaFactory` `newInstance()` and `new SAXReader()`/`new SAXBuilder()` in a method that does not set `disallow-doctype-decl`, turn external general entities off, call `setExpandEntityReferences(false)`, or disable StAX DTD/external entity support.',
    examples: [
      {
        language: 'java',
        bad: 'class Parser {\n  Document parse(InputStream body) throws Exception {\n    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();\n    return dbf.newDocumentBuilder().parse(body);\n  }\n}',
        good: 'class Parser {\n  Document parse(InputStream body) throws Exception {\n    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();\n    dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);\n    return dbf.newDocumentBuilder().parse(body);\n  }\n}',
      },
    ],
  },
  match,
  triggers: [...FACTORIES],
});
