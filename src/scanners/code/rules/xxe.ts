import { assignedName, enclosingFunction, textOf, unwrap } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { all } from '../prefilter.js';
import { describeSource, flowOf, isHarmless, isTrueLiteral, option } from '../helpers.js';

const LIBXML_PARSE = new Set(['parseXml', 'parseXmlString', 'parseXmlAsync', 'parseHtml', 'parseHtmlString']);
const EXTERNAL_FEATURES = /(?:^|\.)feature_external_(?:ges|pes)$|external-(?:general|parameter)-entities['"]?$/;

/** libxml2's entity-substitution flag as JavaScript bindings expose it (libxml2-wasm `ParseOption.XML_PARSE_NOENT`). */
function noentFlags(ctx: RuleContext): Match[] {
  return ctx.nodes
    .of('member_expression')
    .filter((m) => textOf(ctx.text, m).endsWith('.XML_PARSE_NOENT'))
    .map((node) => ({ node, detail: 'The libxml2 option `XML_PARSE_NOENT` substitutes entities, including external ones, while parsing.' }));
}

/** Methods of a parser object that take the document (`parser.parse(src)`, `parser.feed(data)`). */
const PARSER_METHODS = new Set(['parse', 'feed', 'parseString']);

/**
 * The documents a Python parser variable is used on, in the function that configures it:
 * `minidom.parseString(doc, parser)`, `etree.fromstring(doc, parser=parser)`, `parser.feed(doc)`.
 */
function documentsParsedWith(ctx: RuleContext, config: QualifiedCall, name: string): SyntaxNode[] {
  const scope = enclosingFunction(config.node, ctx.language);
  const docs: SyntaxNode[] = [];
  for (const call of ctx.calls) {
    if (call.node === config.node || (scope && enclosingFunction(call.node, ctx.language) !== scope)) continue;
    const named = (n: SyntaxNode | undefined) => n !== undefined && unwrap(n, ctx.profile).type === 'identifier' && textOf(ctx.text, unwrap(n, ctx.profile)) === name;
    if (call.receiver && named(call.receiver) && PARSER_METHODS.has(call.method)) {
      if (call.args[0]) docs.push(call.args[0]);
    } else if (call.args.slice(1).some(named) || named(call.kwargs.get('parser'))) {
      if (call.args[0] && !named(call.args[0])) docs.push(call.args[0]);
    }
  }
  return docs;
}

/**
 * A Python parser configured to resolve external entities: reported with the flow when it parses
 * request data, not at all when every document it parses in that function is the code's own
 * (literals and constants: no attacker can put an entity there), as a configuration issue otherwise.
 */
function pythonParserMatch(ctx: RuleContext, config: QualifiedCall, name: string | undefined, detail: string): Match | undefined {
  const docs = name ? documentsParsedWith(ctx, config, name) : [];
  for (const doc of docs) {
    const taint = flowOf(ctx, doc, { kind: 'xml' });
    if (taint) return { node: config.node, taint, detail: `${detail} It parses request data from ${describeSource(ctx, taint)}.` };
  }
  if (docs.length > 0 && docs.every((d) => isHarmless(ctx, d))) return undefined;
  return { node: config.node, detail };
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = ctx.language === 'python' ? [] : noentFlags(ctx);
  for (const call of ctx.calls) {
    if (ctx.language !== 'python') {
      // libxmljs/libxmljs2: `noent: true` substitutes entities, including external ones.
      if (!LIBXML_PARSE.has(call.method) && !/^libxmljs2?\.(?:Document|SaxParser)/.test(call.qualified)) continue;
      const noent = option(ctx, call, 'noent');
      if (!isTrueLiteral(ctx, noent)) continue;
      const input = call.args[0];
      const taint = input ? flowOf(ctx, input, { kind: 'xml' }) : undefined;
      out.push({ node: call.node, taint, detail: taint ? `Request data from ${describeSource(ctx, taint)} is parsed with \`noent: true\`.` : '`noent: true` expands external entities while parsing.' });
      continue;
    }
    // lxml: XMLParser(resolve_entities=True) (explicit) or with a DTD loaded from the network.
    if (/(?:^|\.)XMLParser$|(?:^|\.)XMLPullParser$|(?:^|\.)iterparse$/.test(call.qualified)) {
      const resolve = call.kwargs.get('resolve_entities');
      const network = call.kwargs.get('no_network');
      if ((resolve && isTrueLiteral(ctx, resolve)) || (network && textOf(ctx.text, network) === 'False')) {
        const m = pythonParserMatch(ctx, call, assignedName(ctx.text, call.node, ctx.profile), `\`${call.name}\` is created with external entity resolution enabled.`);
        if (m) out.push(m);
      }
      continue;
    }
    // xml.sax / pulldom: parser.setFeature(feature_external_ges, True)
    if (call.method === 'setFeature' && call.args.length >= 2 && EXTERNAL_FEATURES.test(textOf(ctx.text, call.args[0] as NonNullable<(typeof call.args)[0]>)) && isTrueLiteral(ctx, call.args[1])) {
      const parser = call.receiver && unwrap(call.receiver, ctx.profile).type === 'identifier' ? textOf(ctx.text, unwrap(call.receiver, ctx.profile)) : undefined;
      const m = pythonParserMatch(ctx, call, parser, 'External entity processing is switched on for this SAX parser.');
      if (m) out.push(m);
    }
  }
  return out;
}

export const rule = defineRule({
  id: 'xxe',
  title: 'XML parser resolves external entities (XXE)',
  severity: 'HIGH',
  confidence: 0.7,
  taintConfidence: 0.9,
  cwe: 'CWE-611',
  owasp: OWASP.misconfiguration,
  languages: JS_AND_PYTHON,
  description: 'An XML parser is configured to expand external entities, so a crafted document can read local files (`file:///etc/passwd`), make requests to internal services (SSRF) or exhaust memory.',
  remediation: 'Leave entity expansion off (libxmljs: no `noent: true`; lxml: `resolve_entities=False`, `no_network=True`; SAX: `feature_external_ges` False), or parse untrusted XML with `defusedxml`.',
  docs: {
    summary:
      'libxmljs/libxmljs2 `parseXml`/`parseXmlString` with `noent: true` (0.9 when the document is request data), the libxml2 flag `XML_PARSE_NOENT` (libxml2-wasm `ParseOption`); Python lxml `XMLParser(resolve_entities=True)` or `no_network=False`, and `setFeature(feature_external_ges|feature_external_pes, True)` on `xml.sax`/`xml.dom.pulldom` parsers; for Python, 0.9 when the parser is given request data in the same function, and not reported when every document it is given there is a literal or constant. xml2js and fast-xml-parser do not resolve external entities and are not reported.',
    examples: [
      {
        language: 'javascript',
        bad: "app.post('/import', (req, res) => {\n  const doc = libxmljs.parseXml(req.body, { noent: true });\n  res.json({ root: doc.root().name() });\n});",
        good: "app.post('/import', (req, res) => {\n  const doc = libxmljs.parseXml(req.body, { noent: false, nonet: true });\n  res.json({ root: doc.root().name() });\n});",
      },
      {
        language: 'python',
        bad: "from lxml import etree\n\nparser = etree.XMLParser(resolve_entities=True)\ntree = etree.fromstring(request.data, parser)",
        good: "from lxml import etree\n\nparser = etree.XMLParser(resolve_entities=False, no_network=True)\ntree = etree.fromstring(request.data, parser)",
      },
    ],
  },
  match,
  triggers: {
    js: [all(['parseXml', 'parseXmlString', 'parseXmlAsync', 'parseHtml', 'parseHtmlString', 'libxmljs', 'libxmljs2'], 'noent'), 'XML_PARSE_NOENT'],
    python: [all(['XMLParser', 'XMLPullParser', 'iterparse'], ['resolve_entities', 'no_network']), all('setFeature', /feature_external_(?:ges|pes)|external-(?:general|parameter)-entities/)],
  },
});
