import { anyCase } from '../prefilter.js';
import { OWASP, PHP } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { PHP_OPEN_REDIRECT_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
    id: 'php-open-redirect',
    title: 'PHP redirect to a URL from untrusted data',
    severity: 'MEDIUM',
    confidence: 0.5,
    taintConfidence: 0.85,
    cwe: 'CWE-601',
    owasp: OWASP.accessControl,
    languages: PHP,
    description: 'The application redirects to a location taken from the request (`header("Location: …")`, framework redirects), so links on its trusted domain can send users to phishing sites.',
    remediation: 'Redirect only to relative paths you validate (a single leading `/`, not `//`) or to hosts on an allow-list (`parse_url` + `in_array`); in WordPress use `wp_safe_redirect`; otherwise fall back to a fixed page.',
    docs: {
      summary:
        '`header("Location: …")` and `Refresh: …; url=` headers, Laravel `redirect($url)`/`redirect()->to()`/`away()`/`Redirect::to()`, Symfony `new RedirectResponse()` and `$this->redirect()`, CodeIgniter `redirect()`, WordPress `wp_redirect()` whose target comes from request data. A constant prefix fixing a local path or origin stops the flow, as do the barriers for redirect targets: `urlencode`, `wp_validate_redirect`, an allow-list (`in_array`, `array_key_exists`, `===`), a host check (`parse_url($u, PHP_URL_HOST) === …`) and a local-path check (`str_starts_with($u, \'/\') && !str_starts_with($u, \'//\')`), in the branch where they held or after an `if` that leaves. A substring check (`strpos(…) !== false`) or a blocked scheme list is not a barrier. Only proven flows are reported.',
    },
    triggers: [anyCase(['header', 'redirect', 'wp_redirect', 'RedirectResponse'])],
  },
  PHP_OPEN_REDIRECT_SINKS,
);
