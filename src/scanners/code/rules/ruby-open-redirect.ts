import { OWASP, RUBY } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { RUBY_OPEN_REDIRECT_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
    id: 'ruby-open-redirect',
    title: 'Ruby redirect to a URL from untrusted data',
    severity: 'MEDIUM',
    confidence: 0.5,
    taintConfidence: 0.85,
    cwe: 'CWE-601',
    owasp: OWASP.accessControl,
    languages: RUBY,
    description: 'The controller redirects to a location taken from the request (`redirect_to params[:next]`, Sinatra `redirect`), so links on its trusted domain can send users to phishing sites.',
    remediation: 'Redirect to named routes, or to a path you validate (starts with a single `/`) or a host on an allow-list; in Rails 7 keep `raise_on_open_redirects` on, use `url_from(params[:next])`, and do not pass `allow_other_host: true` for request data.',
    docs: {
      summary:
        'Rails `redirect_to` and Sinatra `redirect` whose target comes from `params`, `cookies` or `request` (including `redirect_to params`). A constant prefix fixing a local path or origin stops the flow, as do the barriers for redirect targets: `allow_other_host: false`, `url_from`, `only_path: true`, `CGI.escape`/`ERB::Util.url_encode`, an allow-list (`include?`, `key?`, `==`), a host check (`URI.parse(u).host == …`) and a local-path check (`u.start_with?("/") && !u.start_with?("//")`), in the branch where they held or after an `if` or modifier that leaves. Only proven flows are reported.',
    },
    triggers: ['redirect_to', 'redirect'],
  },
  RUBY_OPEN_REDIRECT_SINKS,
);
