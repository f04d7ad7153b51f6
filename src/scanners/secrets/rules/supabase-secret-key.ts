import { defineRule } from '../rule.js';

/** Supabase project secret API keys: sb_secret_ + URL-safe characters. */
export default defineRule({
  id: 'supabase-secret-key',
  title: 'Supabase secret key',
  severity: 'CRITICAL',
  confidence: 0.9,
  keywords: ['sb_secret_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>sb_secret_[A-Za-z0-9_-]{28,64})(?![A-Za-z0-9_-])/,
  minEntropy: 3.8,
  description:
    'A Supabase secret API key is committed. It bypasses Row Level Security and gives full access to the project’s database, storage and auth admin APIs.',
  remediation:
    'Delete the key under Project Settings → API Keys and create a new secret key, keep it only on servers (environment variables or a secret manager), and remove it from git history.',
  references: ['https://supabase.com/docs/guides/api/api-keys'],
  docs: {
    summary: 'Supabase project secret keys (sb_secret_…).',
    bad: ['SUPABASE_SECRET_KEY=sb_secret_' + '4kOtO9bULv-dPq3S7EgDGv_1inzscUz'],
    good: ['SUPABASE_SECRET_KEY=sb_secret_' + 'ZW5jtQtB3F4f', 'SUPABASE_SECRET_KEY=sb_secret_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY=sb_publishable_' + '8j29IdG8kmk6DGpfY36GOE_KIwzvgc5'],
  },
});
