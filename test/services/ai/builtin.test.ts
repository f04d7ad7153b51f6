import { describe, expect, it } from 'vitest';
import {
  BUILTIN_NOTICE,
  BUILTIN_PROMPT_REPLY,
  builtinExplain,
  builtinFix,
  builtinTriage,
  createBuiltinProvider,
  isBuiltinProvider,
  sectionChunks,
  toEnvName,
} from '../../../src/services/ai/builtin/index.js';
import type { AiProvider } from '../../../src/services/ai/provider.js';
import { SECRET_RULES } from '../../../src/scanners/secrets/rules/index.js';
import { apiFinding, dependencyFinding, repoFinding, scanOf } from './fixtures.js';

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

const gitignore = repoFinding({
  id: 'SEC-GITIGN',
  severity: 'MEDIUM',
  title: '.env not in .gitignore',
  rule_id: 'env-not-gitignored',
  description: 'The repository uses dotenv files (it contains .env) but its root .gitignore does not ignore .env.',
  evidence: '.gitignore has no rule that ignores .env',
  remediation: 'Add `.env*` to the root .gitignore, with `!.env.example` so templates stay tracked.',
  location: { path: '.gitignore', line: 1 },
});

describe('builtin explain', () => {
  it('opens with the offline notice and has every section', () => {
    const text = builtinExplain(repoFinding());
    expect(text.startsWith(BUILTIN_NOTICE)).toBe(true);
    expect(BUILTIN_NOTICE).toMatch(/no AI model was used/);
    for (const heading of ['Summary', 'Risk', 'Exploit scenario', 'How to fix', 'References']) expect(text).toContain(`## ${heading}\n`);
  });

  it('uses the secrets rule metadata looked up by rule_id', () => {
    const rule = SECRET_RULES.find((r) => r.id === 'stripe-secret-key');
    const text = builtinExplain(repoFinding({ description: 'client text', remediation: 'client advice' }));
    expect(text).toContain(rule?.docs.summary);
    expect(text).toContain(rule?.description);
    expect(text).not.toContain('client advice');
  });

  it("falls back to the finding's own description for other scanners", () => {
    const text = builtinExplain(apiFinding());
    expect(text).toContain('Responses do not carry Strict-Transport-Security.');
    expect(text).toMatch(/SSL stripping/);
  });

  it('is deterministic', () => {
    expect(builtinExplain(repoFinding())).toBe(builtinExplain(repoFinding()));
  });
});

describe('builtin fix', () => {
  it('turns a hard-coded secret in TypeScript into process.env', () => {
    const text = builtinFix(repoFinding());
    expect(text.startsWith(BUILTIN_NOTICE)).toBe(true);
    for (const heading of ['Summary', 'Fix', 'Migration steps', 'Rotation', 'Verification', 'References']) expect(text).toContain(`## ${heading}\n`);
    expect(text).toContain(
      ['```diff', '--- a/src/config.ts', '+++ b/src/config.ts', '@@ -12,1 +12,1 @@', '-const stripeKey = "[REDACTED]";', '+const stripeKey = process.env.STRIPE_KEY;', '```'].join('\n'),
    );
  });

  it('turns a hard-coded secret in Python into os.environ', () => {
    const f = repoFinding({ evidence: 'Stripe secret key: stripe.api_key = "[REDACTED]"', location: { path: 'billing/stripe_client.py', line: 4 } });
    const text = builtinFix(f);
    expect(text).toContain('+stripe.api_key = os.environ["STRIPE_API_KEY"]');
    expect(text).toContain('import os');
  });

  it('offers no diff when the evidence line was cut or the file type has no mechanical change', () => {
    const cut = builtinFix(repoFinding({ evidence: 'Stripe secret key: …const stripeKey = "[REDACTED]";' }));
    expect(cut).not.toContain('```diff');
    const json = builtinFix(repoFinding({ evidence: 'Stripe secret key: "key": "[REDACTED]"', location: { path: 'config/app.json' } }));
    expect(json).not.toContain('```diff');
    expect(json).toContain('No mechanical patch');
  });

  it('adds .env* and !.env.example to .gitignore', () => {
    const text = builtinFix(gitignore);
    expect(text).toContain(['--- a/.gitignore', '+++ b/.gitignore', '@@ -0,0 +1,3 @@'].join('\n'));
    expect(text).toContain('+.env*\n+!.env.example');
    expect(text).not.toContain('## Rotation');
    const created = builtinFix(repoFinding({ ...gitignore, evidence: 'no .gitignore at the repository root' }));
    expect(created).toContain('--- /dev/null\n+++ b/.gitignore');
  });

  it('gives header configuration and numbered steps for other findings', () => {
    const text = builtinFix(apiFinding());
    expect(text).toContain('add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;');
    expect(text).toMatch(/## Migration steps\n\n1\. /);
    const dep = builtinFix(dependencyFinding('DEP-LOD001'));
    expect(dep).toContain('1. Upgrade to 4.17.21.');
  });

  it('is deterministic', () => {
    expect(builtinFix(gitignore)).toBe(builtinFix(gitignore));
  });
});

describe('builtin triage', () => {
  it('renders the ranking as the report after the notice', () => {
    const scan = scanOf([apiFinding(), repoFinding(), gitignore]);
    const text = builtinTriage(scan);
    expect(text.startsWith(BUILTIN_NOTICE)).toBe(true);
    expect(text).toContain('# Triage report for acme/shop');
    expect(text).toMatch(/^1\. \[score 95\] Rotate and remove the leaked Stripe secret key$/m);
    expect(text).toBe(builtinTriage(scan));
  });
});

describe('createBuiltinProvider', () => {
  const provider = createBuiltinProvider();

  it('streams each answer section by section (notice, then each heading with its body), joining back to the full text', async () => {
    const chunks = await collect(provider.explain(repoFinding()));
    expect(chunks.map((c) => c.split('\n')[0])).toEqual([BUILTIN_NOTICE, '## Summary', '## Risk', '## Exploit scenario', '## How to fix', '## References']);
    expect(chunks.join('')).toBe(builtinExplain(repoFinding()));
    expect((await collect(provider.fix(gitignore))).join('')).toBe(builtinFix(gitignore));
    const scan = scanOf([repoFinding()]);
    expect((await collect(provider.triage(scan))).join('')).toBe(builtinTriage(scan));
  });

  it('is recognised as the builtin provider; other providers are not', () => {
    expect(provider.name).toBe('builtin');
    expect(isBuiltinProvider(provider)).toBe(true);
    const other: AiProvider = { name: 'openai', model: 'm', stream: () => collectable([]) };
    expect(isBuiltinProvider(other)).toBe(false);
  });

  it('answers a free-form prompt with the offline notice', async () => {
    const chunks = await collect(provider.stream({ system: 's', prompt: 'p', signal: new AbortController().signal }));
    expect(chunks.join('')).toBe(BUILTIN_PROMPT_REPLY);
  });

  it('pauses for the configured pace between sections, never after the last', async () => {
    const pauses: number[] = [];
    const pause = (ms: number) => {
      pauses.push(ms);
      return Promise.resolve();
    };
    const paced = createBuiltinProvider({ paceMs: 40, pause });
    const chunks = await collect(paced.fix(gitignore));
    expect(chunks.length).toBeGreaterThan(3);
    expect(pauses).toEqual(chunks.slice(1).map(() => 40));
    expect(chunks.join('')).toBe(builtinFix(gitignore));
  });

  it('stops during a pause when the signal is aborted', async () => {
    const controller = new AbortController();
    const paced = createBuiltinProvider({ paceMs: 60_000 });
    const iterator = paced.explain(repoFinding(), controller.signal)[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toContain(BUILTIN_NOTICE);
    const second = iterator.next();
    controller.abort(new Error('client gone'));
    await expect(second).rejects.toThrow('client gone');
  });

  it('cuts text without headings into paragraphs', () => {
    expect(sectionChunks('one\n\ntwo\n')).toEqual(['one\n\n', 'two\n']);
    expect(sectionChunks('intro\n\n## A\n\na1\n\na2\n\n## B\n\nb\n')).toEqual(['intro\n\n', '## A\n\na1\n\na2\n\n', '## B\n\nb\n']);
  });

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(collect(provider.explain(repoFinding(), controller.signal))).rejects.toThrow();
  });
});

describe('toEnvName', () => {
  it('makes environment variable names from identifiers', () => {
    expect(toEnvName('stripeApiKey')).toBe('STRIPE_API_KEY');
    expect(toEnvName('stripe.api_key')).toBe('STRIPE_API_KEY');
    expect(toEnvName('aws-access-key-id')).toBe('AWS_ACCESS_KEY_ID');
  });
});

async function* collectable(items: string[]): AsyncGenerator<string> {
  for (const item of items) yield await Promise.resolve(item);
}
