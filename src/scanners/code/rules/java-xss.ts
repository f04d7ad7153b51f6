import { child, enclosingFunction, namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, JAVA, type Match, type RuleContext } from '../rule.js';
import { all } from '../prefilter.js';
import { functionText } from '../function-model/guards.js';
import { resolve, sink } from '../helpers.js';

const WRITE_METHODS = new Set(['print', 'println', 'write', 'printf', 'format', 'append']);
/** Servlet response methods returning its body's writer or stream. */
const WRITER_GETTERS = ['getWriter', 'getOutputStream'];
const RESPONSE_WRITER = new RegExp(`\\.(?:${WRITER_GETTERS.join('|')})\\s*\\(\\s*\\)$`);
/** Encoders that make a value safe in HTML (ESAPI, OWASP Java Encoder, Spring, Commons Text/Lang, Guava, OWASP sanitizer). */
const HTML_SANITISERS = new Set([
  'encodeForHTML', 'encodeForHTMLAttribute', 'encodeForJavaScript', 'encodeForCSS', 'encodeForURL', 'encodeForXML', 'encodeForXMLAttribute', 'htmlEscape', 'htmlEscapeDecimal', 'htmlEscapeHex', 'escapeHtml',
  'escapeHtml3', 'escapeHtml4', 'escapeXml', 'escapeXml10', 'escapeXml11', 'escapeEcmaScript', 'escapeJavaScript', 'forHtml', 'forHtmlContent', 'forHtmlAttribute', 'forJavaScript', 'forJavaScriptBlock', 'forCssString', 'forUriComponent', 'sanitize', 'escapeHTML', 'encodeHtml', 'htmlEncode',
  // Results of I/O keyed by request data (file contents, query results, fetched bodies) are not the request data itself.
  'readAllBytes', 'readAllLines', 'readString', 'readLine', 'executeQuery', 'getResultList', 'getSingleResult', 'queryForObject', 'getForObject', 'getInputStream', 'search', 'evaluate', 'selectNodes', 'selectSingleNode',
]);
const NOT_HTML = /setContentType\s*\(\s*(?:"(?:application\/json|text\/plain|application\/xml|text\/csv)|MediaType\.(?:APPLICATION_JSON|TEXT_PLAIN))|setHeader\s*\(\s*"Content-Type"\s*,\s*"(?:application\/json|text\/plain)/;
const CONTROLLER_RETURN = /@(?:Get|Post|Put|Patch|Delete|Request)Mapping\b/;

/** Whether a receiver is the servlet response's writer or stream (`response.getWriter()`, `PrintWriter out = response.getWriter()`). */
function isResponseWriter(ctx: RuleContext, receiver: SyntaxNode): boolean {
  const text = textOf(ctx.text, resolve(ctx, receiver));
  return RESPONSE_WRITER.test(text);
}

/** Spring handlers whose String return value is the response body (`@RestController` or `@ResponseBody`), outside JSON/plain producers. */
function returnsBody(ctx: RuleContext, ret: SyntaxNode): boolean {
  const fn = enclosingFunction(ret, ctx.language);
  if (!fn || fn.type !== 'method_declaration' || textOf(ctx.text, child(fn, 'type') ?? fn) !== 'String') return false;
  const modifiers = namedChildren(fn).find((c) => c.type === 'modifiers');
  const annotations = modifiers ? textOf(ctx.text, modifiers) : '';
  if (!CONTROLLER_RETURN.test(annotations) || /produces\s*=\s*(?:\{?\s*)?(?:"(?:application\/json|text\/plain)|MediaType\.(?:APPLICATION_JSON|TEXT_PLAIN))/.test(annotations)) return false;
  const cls = fn.parent?.parent;
  const classModifiers = cls ? namedChildren(cls).find((c) => c.type === 'modifiers') : undefined;
  return /@ResponseBody\b/.test(annotations) || (!!classModifiers && /@RestController\b/.test(textOf(ctx.text, classModifiers)));
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (call.isNew || !call.receiver || !WRITE_METHODS.has(call.method) || !isResponseWriter(ctx, call.receiver)) continue;
    if (NOT_HTML.test(functionText(ctx, call.node))) continue;
    for (const arg of call.args) {
      const m = sink(ctx, call, arg, { pattern: false, what: `the HTML response through \`${call.method}\``, kind: 'html', sanitisers: HTML_SANITISERS });
      if (m) {
        out.push(m);
        break;
      }
    }
  }
  for (const ret of ctx.nodes.of('return_statement')) {
    const value = namedChildren(ret)[0];
    if (!value || !returnsBody(ctx, ret) || /^"redirect:|^"forward:/.test(textOf(ctx.text, value))) continue;
    // A view name is returned as a plain identifier or literal; only built strings are bodies.
    if (value.type !== 'binary_expression' && value.type !== 'method_invocation') continue;
    const m = sink(ctx, ret, value, { pattern: false, what: 'the response body of this handler', kind: 'html', sanitisers: HTML_SANITISERS });
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'java-xss',
  title: 'Java request data written into an HTML response',
  severity: 'HIGH',
  confidence: 0.5,
  taintConfidence: 0.8,
  cwe: 'CWE-79',
  owasp: OWASP.injection,
  languages: JAVA,
  description: 'Request data is written to the servlet response (`response.getWriter().print…`) or returned as the body of a Spring handler without HTML encoding, so a crafted link runs script in the victim\'s browser (reflected XSS).',
  remediation: 'Encode every value for its HTML context (OWASP Java Encoder `Encode.forHtml`, ESAPI `encodeForHTML`, Spring `HtmlUtils.htmlEscape`), render through an auto-escaping template (Thymeleaf `th:text`, JSP `<c:out>`), or answer with JSON and `Content-Type: application/json`.',
  docs: {
    summary:
      '`print`/`println`/`write`/`printf`/`format`/`append` on `response.getWriter()` or `getOutputStream()` (also through a `PrintWriter` variable), and Spring `@RestController`/`@ResponseBody` handlers returning a String built from request data. ESAPI, OWASP Encoder, Spring `HtmlUtils`, Commons `StringEscapeUtils` encoders and JSON/plain-text content types stop the flow. Only proven flows are reported.',
    examples: [
      {
        language: 'java',
        bad:
          'class Hello extends HttpServlet {\n  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    String name = request.getParameter("name");\n    response.setContentType("text/html");\n    response.getWriter().println("<h1>Hello " + name + "</h1>");\n  }\n}',
        good:
          'class Hello extends HttpServlet {\n  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    String name = request.getParameter("name");\n    response.setContentType("text/html");\n    response.getWriter().println("<h1>Hello " + Encode.forHtml(name) + "</h1>");\n  }\n}',
      },
    ],
  },
  match,
  triggers: [all([...WRITE_METHODS], [...WRITER_GETTERS]), CONTROLLER_RETURN],
});
