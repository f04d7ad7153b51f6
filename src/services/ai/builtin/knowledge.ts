/**
 * The offline engine's prose: how each kind of finding is exploited, how a fix
 * is verified, and what the common security headers should say. Policy as
 * data, kept apart from the code that assembles answers.
 */
import type { Finding } from '../../../core/findings.js';
import { cleanLine } from '../prompts/untrusted.js';

export interface HeaderAdvice {
  readonly name: string;
  readonly value: string;
  readonly attack: string;
}

export const HEADER_ADVICE: readonly HeaderAdvice[] = Object.freeze([
  {
    name: 'Strict-Transport-Security',
    value: 'max-age=31536000; includeSubDomains',
    attack: 'An attacker on the network path (public Wi-Fi, a hostile proxy) catches the first plain-HTTP request and downgrades the session (SSL stripping), then reads or changes the traffic, session cookies included.',
  },
  {
    name: 'Content-Security-Policy',
    value: "default-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    attack: 'Any HTML injection becomes full cross-site scripting: nothing limits where scripts load from, so injected script runs with the page’s cookies, tokens and DOM.',
  },
  {
    name: 'X-Frame-Options',
    value: 'DENY',
    attack: 'Clickjacking: a hostile page loads yours in an invisible frame and lines up its own buttons so the user clicks yours (confirming a payment, changing a setting) without knowing.',
  },
  {
    name: 'X-Content-Type-Options',
    value: 'nosniff',
    attack: 'MIME sniffing: a browser may treat an uploaded or reflected response as script or HTML, turning a harmless-looking file into script that runs on your origin.',
  },
  {
    name: 'Referrer-Policy',
    value: 'strict-origin-when-cross-origin',
    attack: 'Full URLs, including tokens or identifiers in query strings, are sent to third-party sites in the Referer header whenever a user follows a link or loads an external resource.',
  },
  {
    name: 'Permissions-Policy',
    value: 'camera=(), microphone=(), geolocation=()',
    attack: 'Injected or embedded content can ask for powerful browser features (camera, microphone, location) in the context of your site.',
  },
  {
    name: 'Cross-Origin-Opener-Policy',
    value: 'same-origin',
    attack: 'A page your site opens, or that opens it, keeps a handle on your window, which enables cross-window attacks and side-channel leaks.',
  },
]);

/** The header a headers finding is about, from its title or evidence. */
export function headerAdviceFor(f: Finding): HeaderAdvice | undefined {
  const text = `${f.title}\n${f.evidence}`.slice(0, 4000).toLowerCase();
  return HEADER_ADVICE.find((h) => text.includes(h.name.toLowerCase()));
}

/** What the credential grants, from a rule description of the form "X is committed. It grants …". */
function grants(description: string): string {
  const rest = description.replace(/^[^.]*\bis committed\.\s*/, '');
  return rest === description ? '' : ` ${rest}`;
}

/** Step-by-step exploit scenario for a finding, by category. */
export function exploitScenario(f: Finding, ruleDescription: string): string[] {
  const where = cleanLine(f.location.path ?? f.location.url ?? f.location.target, 300);
  switch (f.category) {
    case 'secrets':
      if (f.rule_id === 'env-not-gitignored') {
        return [
          'A developer creates .env with real credentials for local work.',
          'They run `git add .` or `git commit -a`; nothing stops the file, so it is committed and pushed.',
          'From then on it is the leaked-secret scenario: everyone with read access to the repository, its forks and clones has the credentials, and they stay in history after the file is deleted.',
        ];
      }
      return [
        `Someone with read access to the repository (a collaborator, a CI job, whoever obtains a clone, or anyone at all if it is public) finds the value in ${where} or in git history. Bots scan public pushes and try leaked keys within minutes.`,
        `They use it from their own machine, with no further access needed.${grants(ruleDescription)}`,
        'Deleting the line does not end the exposure: the value stays in history, forks, clones and caches until it is revoked at its issuer.',
      ];
    case 'supply_chain':
      return [
        'The vulnerable version of the dependency ships inside your application or build.',
        'An attacker reaches the affected code through input your application passes to it (a request body, a file, a URL) and triggers the flaw the advisory describes.',
        'Public advisories often come with proof-of-concept code; known-exploited ones are attacked at scale by automated tooling.',
      ];
    case 'cicd':
      return [
        'An attacker opens a pull request from a fork, or sets a branch name, title or comment that the workflow reads.',
        /pull_request_target|workflow_run/.test(`${f.title}\n${f.description}\n${f.evidence}`)
          ? 'With pull_request_target or workflow_run the job runs with the repository’s secrets and a write-capable token, and it executes the attacker’s code or text.'
          : 'The workflow interprets that input or runs third-party code it does not pin.',
        'The attacker exfiltrates secrets, pushes to protected branches, or poisons build artefacts and releases.',
      ];
    case 'headers': {
      const header = headerAdviceFor(f);
      return [
        `A user’s browser loads ${where} without the protection.`,
        header?.attack ?? 'The browser falls back to permissive defaults, which leaves room for the attack the header is meant to prevent.',
      ];
    }
    case 'cors':
      return [
        'The user visits a hostile website while signed in to your service.',
        `That site’s script sends cross-origin requests to ${where}; the CORS policy lets it read the responses${/credentials/i.test(f.description + f.evidence) ? ', sent with the user’s cookies' : ''}.`,
        'It reads the user’s data or tokens and sends them to the attacker.',
      ];
    default:
      return [
        'An attacker sends crafted input to the application (a request parameter, a header, an uploaded file).',
        `The input reaches the flawed code in ${where} without validation or escaping.`,
        'Depending on the flaw, the attacker reads or changes data, runs commands, or acts as another user.',
      ];
  }
}

/** How to confirm the fix, by category. */
export function verificationSteps(f: Finding): string[] {
  const id = cleanLine(f.id, 64);
  const url = cleanLine(f.location.url ?? f.location.target, 300);
  const rescan = `Re-run the Vigil scan: finding ${id} is no longer reported.`;
  switch (f.category) {
    case 'secrets':
      if (f.rule_id === 'env-not-gitignored' || f.rule_id === 'committed-env-file') {
        return ['`git check-ignore -v .env` prints the new .gitignore rule.', '`git status` no longer lists .env files; `git ls-files | grep .env` shows only templates.', rescan];
      }
      return [
        'A request with the old credential is refused by its issuer (401 or 403).',
        'The application starts and works with the value read from the environment or secret store.',
        'A search of the history (after the purge) no longer finds the value.',
        rescan,
      ];
    case 'supply_chain':
      return ['The lockfile resolves the dependency to the fixed version (npm ls, pip show, go list -m …).', 'The test suite passes.', rescan];
    case 'headers': {
      const header = headerAdviceFor(f)?.name ?? 'the header';
      return [`\`curl -sI ${url}\` shows ${header} with the recommended value.`, rescan];
    }
    case 'cors':
      return [`\`curl -sI -H 'Origin: https://attacker.example' ${url}\` returns no Access-Control-Allow-Origin for that origin.`, rescan];
    case 'cicd':
      return ['Review the workflow’s triggers, permissions and pinned actions in the changed file.', rescan];
    default:
      return ['A test sends malicious input to the fixed code path and expects it to be rejected or neutralised.', rescan];
  }
}
