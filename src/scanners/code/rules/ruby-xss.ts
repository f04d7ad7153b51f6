import { child, namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, RUBY, type Match, type RuleContext } from '../rule.js';
import { sink } from '../helpers.js';

const SANITISERS = new Set(['h', 'html_escape', 'escape_html', 'escapeHTML', 'escape_once', 'sanitize', 'strip_tags', 'json_escape', 'url_encode', 'encode_www_form_component', 'number_with_delimiter', 'read', 'find', 'find_by', 'where']);
const SINATRA_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Sinatra route blocks (`get '/path' do … end`): the block's last expression is the HTML body. */
function sinatraBodies(ctx: RuleContext): SyntaxNode[] {
  const bodies: SyntaxNode[] = [];
  for (const call of ctx.calls) {
    if (call.receiver || !SINATRA_VERBS.has(call.method) || !call.args[0] || call.args[0].type !== 'string') continue;
    const block = child(call.node, 'block');
    const body = block ? (child(block, 'body') ?? namedChildren(block).at(-1)) : undefined;
    const last = body ? namedChildren(body).at(-1) : undefined;
    if (last && last.type === 'string') bodies.push(last);
  }
  return bodies;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  const report = (node: SyntaxNode, value: SyntaxNode | undefined, what: string) => {
    const m = sink(ctx, node, value, { pattern: false, what: what, kind: 'html', sanitisers: SANITISERS });
    if (m) out.push(m);
  };
  for (const call of ctx.calls) {
    if (call.method === 'html_safe' && call.receiver) report(call.node, call.receiver, '`html_safe`, which turns off escaping');
    else if (!call.receiver && call.method === 'raw') report(call.node, call.args[0], '`raw`, which turns off escaping');
    else if (!call.receiver && call.method === 'render') {
      // render text: (Rails < 5.1) is sent as text/html without escaping.
      for (const a of call.args) {
        const [k, v] = a.type === 'pair' ? namedChildren(a) : [];
        if (k && /^:?text:?$/.test(textOf(ctx.text, k))) report(call.node, v, '`render text:`, sent as HTML');
      }
    }
  }
  for (const body of sinatraBodies(ctx)) report(body, body, 'the HTML body of a Sinatra route');
  return out;
}

export const rule = defineRule({
  id: 'ruby-xss',
  title: 'Ruby request data marked HTML-safe or returned as HTML',
  severity: 'HIGH',
  confidence: 0.5,
  taintConfidence: 0.8,
  cwe: 'CWE-79',
  owasp: OWASP.injection,
  languages: RUBY,
  description: 'Request data is marked safe with `raw` or `.html_safe`, sent with `render text:`, or returned as a Sinatra route body, so Rails/ERB escaping does not apply and a crafted link runs script in the victim\'s browser (reflected XSS).',
  remediation: 'Let the view escape values (plain `<%= value %>`), escape with `h`/`ERB::Util.html_escape` or `sanitize` with an allow-list before calling `html_safe`, and build markup with `content_tag`/`tag` helpers; render plain text with `render plain:`.',
  docs: {
    summary:
      '`raw(x)`, `x.html_safe`, `render text: x` and Sinatra route blocks returning a string, when the value comes from `params`, `cookies` or `request`. `h`, `html_escape`, `sanitize`, `strip_tags` and numeric conversions stop the flow. Only proven flows are reported.',
    examples: [
      {
        language: 'ruby',
        bad: "module SearchHelper\n  def search_title\n    \"<h1>Results for #{params[:q]}</h1>\".html_safe\n  end\nend",
        good: "module SearchHelper\n  def search_title\n    \"<h1>Results for #{h(params[:q])}</h1>\".html_safe\n  end\nend",
      },
    ],
  },
  match,
  triggers: ['html_safe', 'raw', 'render', ...SINATRA_VERBS],
});
