import { defineCheck, OWASP, type Outcome } from '../check.js';
import { displayName, first, headerLines, mainAt } from '../headers.js';
import type { Retrieved } from '../types.js';

type Key = 'server-version' | 'powered-by-version' | 'powered-by' | 'framework-version';

/** A version number: digits with at least one dot, or a product/digit token (nginx/1, PHP/8). */
const VERSION = /\d+\.\d+|\/v?\d/i;

const FRAMEWORK_HEADERS = ['x-aspnet-version', 'x-aspnetmvc-version'];

function detect(r: Retrieved): Outcome<Key>[] {
  const h = r.main.headers;
  const at = mainAt(r.main);
  const outcomes: Outcome<Key>[] = [];
  const server = first(h, 'server');
  if (server !== undefined && VERSION.test(server.slice(0, 200))) {
    outcomes.push({ key: 'server-version', subject: 'server', facts: { value: server.slice(0, 80) }, evidence: headerLines(h, 'server'), ...at });
  }
  const poweredBy = first(h, 'x-powered-by');
  if (poweredBy !== undefined && poweredBy.trim()) {
    const key = VERSION.test(poweredBy.slice(0, 200)) ? 'powered-by-version' : 'powered-by';
    outcomes.push({ key, subject: 'x-powered-by', facts: { value: poweredBy.slice(0, 80) }, evidence: headerLines(h, 'x-powered-by'), ...at });
  }
  for (const name of FRAMEWORK_HEADERS) {
    const value = first(h, name);
    if (value === undefined) continue;
    outcomes.push({ key: 'framework-version', subject: name, facts: { header: displayName(name), value: value.slice(0, 80) }, evidence: headerLines(h, name), ...at });
  }
  return outcomes;
}

export const check = defineCheck<Key>({
  id: 'information-disclosure',
  title: 'Software versions in headers',
  category: 'headers',
  cwe: 'CWE-497',
  owasp: OWASP.misconfiguration,
  remediation:
    'Remove version numbers from response headers: `server_tokens off;` (nginx), `ServerTokens Prod` (Apache), `app.disable("x-powered-by")` (Express), `expose_php = Off` (PHP), `<httpRuntime enableVersionHeader="false" />` and `MvcHandler.DisableMvcResponseHeader = true` (ASP.NET).',
  references: ['https://owasp.org/www-project-secure-headers/#div-bestpractices'],
  outcomes: {
    'server-version': {
      severity: 'LOW',
      rationale: 'Helps an attacker choose exploits but is not exploitable by itself.',
      title: 'Server header discloses version',
      description: 'The Server header "{value}" reveals the server software and its version.',
    },
    'powered-by-version': {
      severity: 'LOW',
      rationale: 'Helps an attacker choose exploits but is not exploitable by itself.',
      title: 'X-Powered-By header discloses version',
      description: 'The X-Powered-By header "{value}" reveals the framework or language runtime and its version.',
    },
    'powered-by': {
      severity: 'INFO',
      rationale: 'Names the framework only; a small help to an attacker.',
      title: 'X-Powered-By header discloses framework',
      description: 'The X-Powered-By header "{value}" names the framework or runtime behind the API.',
      confidence: 0.8,
    },
    'framework-version': {
      severity: 'LOW',
      rationale: 'Helps an attacker choose exploits but is not exploitable by itself.',
      title: '{header} header discloses version',
      description: 'The {header} header "{value}" reveals the exact .NET framework version.',
    },
  },
  run: detect,
  docs: {
    summary: 'Server, X-Powered-By, X-AspNet-Version and X-AspNetMvc-Version tell anyone which software and version answers, which lets an attacker pick known exploits for that exact version without probing. A product name alone (`Server: nginx`) is not reported.',
    bad: [
      { note: 'Server with a version.', expect: ['server-version'], headers: { server: 'Apache/2.4.49 (Unix)' } },
      { note: 'Runtime with a version.', expect: ['powered-by-version'], headers: { 'x-powered-by': 'PHP/8.1.2' } },
      { note: 'Framework name only.', expect: ['powered-by'], headers: { 'x-powered-by': 'Express' } },
      { note: 'ASP.NET versions.', expect: ['framework-version'], headers: { 'x-aspnet-version': '4.0.30319', 'x-aspnetmvc-version': '5.2' } },
    ],
    good: [{ note: 'A product name without a version.', headers: { server: 'nginx' } }],
  },
});
