import { defineRule } from '../rule.js';

/**
 * Symfony's APP_SECRET (32 hex characters) in .env files other than the
 * development and test ones that Symfony Flex commits on purpose.
 */
export default defineRule({
  id: 'symfony-app-secret',
  title: 'Symfony APP_SECRET',
  severity: 'MEDIUM',
  confidence: 0.6,
  keywords: ['app_secret'],
  pathPattern: /(?:^|\/)\.env(?:\.(?!dev(?:\.|$)|test(?:\.|$)|example|dist|sample|template)[\w.-]{1,40})?$/,
  pattern: /(?<![A-Za-z0-9_])APP_SECRET\s{0,2}=\s{0,2}["']?(?<secret>[0-9a-f]{32})(?![0-9A-Za-z])/,
  minEntropy: 3,
  description:
    'A Symfony APP_SECRET is committed. It signs login links, remember-me cookies, CSRF tokens and fragment URIs (an exposed secret with _fragment enabled has led to remote code execution).',
  remediation:
    'Generate a new secret for each environment and keep it in real environment variables or Symfony secrets (bin/console secrets:set APP_SECRET), leave it empty or a placeholder in committed .env files, and remove the committed value from git history.',
  references: ['https://symfony.com/doc/current/reference/configuration/framework.html#secret'],
  docs: {
    summary: 'APP_SECRET=<32 hex> in .env, .env.local and .env.prod files.',
    path: '.env.prod',
    bad: ['APP_ENV=prod\nAPP_SECRET=' + '7c1e9a4f2b8d5e3a0c6f9b2d4e8a1c7f'],
    good: ['APP_SECRET=', 'APP_SECRET=$ecretf0rt3st', 'APP_SECRET=%env(APP_SECRET)%'],
  },
});
