import { namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, JAVA, type Match, type RuleContext } from '../rule.js';
import { guardedBefore } from '../function-model/guards.js';
import { constantString, hasFixedOrigin, leadingText, sink } from '../helpers.js';

const SANITISERS = new Set(['encodeForURL']);

const GUARD = /startsWith\s*\(|\.matches\s*\(|isSafe|isValid|isAllowed|allowed|whitelist|allowlist|\.contains\s*\(|\.getHost\s*\(/i;
const SPRING_PREFIX = /^redirect:/;

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  const report = (node: SyntaxNode, target: SyntaxNode | undefined, what: string, prefix?: RegExp) => {
    if (!target || hasFixedOrigin(ctx, target, prefix) || guardedBefore(ctx, node, target, GUARD)) return;
    const m = sink(ctx, node, target, { pattern: false, what: what, kind: 'url', sanitisers: SANITISERS });
    if (m) out.push(m);
  };
  for (const call of ctx.calls) {
    const receiver = call.receiver ? textOf(ctx.text, call.receiver) : '';
    if (call.method === 'sendRedirect' && /resp/i.test(receiver)) report(call.node, call.args[0], 'the target of `sendRedirect`');
    else if ((call.method === 'setHeader' || call.method === 'addHeader') && /resp/i.test(receiver) && constantString(ctx, call.args[0])?.toLowerCase() === 'location') report(call.node, call.args[1], 'the `Location` header');
    else if (call.isNew && /(?:^|\.)RedirectView$/.test(call.name)) report(call.node, call.args[0], 'the target of `RedirectView`');
    else if (call.isNew && /(?:^|\.)ModelAndView$/.test(call.name) && SPRING_PREFIX.test(leadingText(ctx, call.args[0]))) report(call.node, call.args[0], 'a `redirect:` view', SPRING_PREFIX);
  }
  // Spring MVC: return "redirect:" + target;
  for (const ret of ctx.nodes.of('return_statement')) {
    const value = namedChildren(ret)[0];
    if (value && value.type === 'binary_expression' && SPRING_PREFIX.test(leadingText(ctx, value))) report(ret, value, 'a `redirect:` view', SPRING_PREFIX);
  }
  return out;
}

export const rule = defineRule({
  id: 'java-open-redirect',
  title: 'Java redirect to a URL from untrusted data',
  severity: 'MEDIUM',
  confidence: 0.5,
  taintConfidence: 0.85,
  cwe: 'CWE-601',
  owasp: OWASP.accessControl,
  languages: JAVA,
  description: 'The application redirects to a location taken from the request (`sendRedirect`, a `Location` header, Spring `redirect:`), so links on its trusted domain can send users to phishing sites.',
  remediation: 'Redirect only to relative paths you validate (a single leading `/`, not `//` or `/\\`) or to URLs whose host is on an allow-list; otherwise fall back to a fixed page.',
  docs: {
    summary:
      '`response.sendRedirect`, `setHeader`/`addHeader("Location", …)`, Spring `return "redirect:" + …`, `new ModelAndView("redirect:" + …)` and `new RedirectView(…)` whose target comes from request data. A constant prefix that fixes a local path or origin, and `startsWith`/allow-list checks on the value stop the flow. Only proven flows are reported.',
    examples: [
      {
        language: 'java',
        bad:
          'class LoginDone extends HttpServlet {\n  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    String next = request.getParameter("next");\n    response.sendRedirect(next);\n  }\n}',
        good:
          'class LoginDone extends HttpServlet {\n  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    String next = request.getParameter("next");\n    response.sendRedirect("/account?tab=" + URLEncoder.encode(next, StandardCharsets.UTF_8));\n  }\n}',
      },
    ],
  },
  match,
  triggers: ['sendRedirect', 'setHeader', 'addHeader', 'RedirectView', 'ModelAndView', 'redirect'],
});
