import { namedChildren, textOf } from '../ast.js';
import { defineRule, OWASP, RUBY, type Match, type RuleContext } from '../rule.js';
import { guardedBefore } from '../function-model/guards.js';
import { hasFixedOrigin, sink } from '../helpers.js';

const SANITISERS = new Set(['escape', 'url_encode', 'encode_www_form_component', 'to_query']);

const REDIRECTS = new Set(['redirect_to', 'redirect']);
const GUARD = /include\?|start_with\?|=~|match\?|allowed|whitelist|allowlist|\.host\b/i;

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (call.receiver || !REDIRECTS.has(call.method)) continue;
    const value = call.args[0];
    if (!value || value.type === 'pair' || hasFixedOrigin(ctx, value) || guardedBefore(ctx, call.node, value, GUARD)) continue;
    // Rails 7: allow_other_host: false makes redirect_to raise for other hosts.
    if (call.args.some((a) => a.type === 'pair' && /^allow_other_host:\s*false$/.test(textOf(ctx.text, a).replace(/\s+/g, ' ')))) continue;
    // redirect_to params.merge(only_path: true) / url_for(only_path: true) keep the host.
    if (/only_path:\s*true/.test(textOf(ctx.text, value)) || namedChildren(value).some((c) => /only_path/.test(textOf(ctx.text, c)))) continue;
    const m = sink(ctx, call, value, { pattern: false, what: `the target of \`${call.method}\``, kind: 'url', sanitisers: SANITISERS });
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'ruby-open-redirect',
  title: 'Ruby redirect to a URL from untrusted data',
  severity: 'MEDIUM',
  confidence: 0.5,
  taintConfidence: 0.85,
  cwe: 'CWE-601',
  owasp: OWASP.accessControl,
  languages: RUBY,
  description: 'The controller redirects to a location taken from the request (`redirect_to params[:next]`, Sinatra `redirect`), so links on its trusted domain can send users to phishing sites.',
  remediation: 'Redirect to named routes, or to a path you validate (starts with a single `/`) or a host on an allow-list; in Rails 7 keep `raise_on_open_redirects` on and do not pass `allow_other_host: true` for request data.',
  docs: {
    summary:
      'Rails `redirect_to` and Sinatra `redirect` whose target comes from `params`, `cookies` or `request` (including `redirect_to params`). A constant prefix fixing a local path or origin, `allow_other_host: false`, `only_path: true` and `include?`/`start_with?` checks stop the flow. Only proven flows are reported.',
    examples: [
      {
        language: 'ruby',
        bad: "class SessionsController < ApplicationController\n  def create\n    sign_in(user)\n    redirect_to params[:return_to]\n  end\nend",
        good: "class SessionsController < ApplicationController\n  def create\n    sign_in(user)\n    redirect_to \"/dashboard?tab=#{CGI.escape(params[:tab].to_s)}\"\n  end\nend",
      },
    ],
  },
  match,
  triggers: [...REDIRECTS],
});
