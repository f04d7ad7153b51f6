import { defineRule } from '../rule.js';

/** The YAML environment section (development:, test:, production:) an offset falls in, for config/secrets.yml. */
function yamlSection(text: string, offset: number): string | undefined {
  const before = text.slice(Math.max(0, offset - 20_000), offset);
  const headers = [...before.matchAll(/^([A-Za-z_][\w-]{0,40}):[ \t]*(?:#[^\n]{0,200})?\r?$/gm)];
  return headers.at(-1)?.[1];
}

/** Rails secret_key_base (and the older secret_token): 128 hex characters that sign and encrypt cookies. */
export default defineRule({
  id: 'rails-secret-key-base',
  title: 'Rails secret_key_base',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['secret_key_base', 'secret_token'],
  pattern: /(?<![A-Za-z0-9])(?:secret_key_base|secret_token)["']?\s{0,4}(?::|=>|=)\s{0,4}["']?(?<secret>[0-9a-f]{64,256})(?![0-9A-Za-z])/i,
  minEntropy: 3,
  validate: (_secret, { text, offset, path }) => {
    // Rails generates keys for the development and test sections of secrets.yml; only other environments matter.
    if (/(?:^|\/)secrets\.ya?ml$/.test(path)) {
      const section = yamlSection(text, offset);
      if (section === 'development' || section === 'test') return false;
    }
    return true;
  },
  description:
    'A Rails secret_key_base (or secret_token) is committed. It signs and encrypts cookies and sessions and derives the keys of MessageVerifier and Active Record encryption: whoever knows it can forge sessions, and with older cookie serialisers execute code.',
  remediation:
    'Generate a new key (bin/rails secret), keep it in encrypted credentials or the SECRET_KEY_BASE environment variable, and remove the committed value from git history. Existing sessions and signed messages become invalid.',
  references: ['https://guides.rubyonrails.org/security.html#custom-credentials'],
  docs: {
    summary: 'secret_key_base and secret_token values (64–256 hex) outside the development and test sections.',
    bad: [
      'production:\n  secret_key_base: ' + '9f2c7e4a1b8d3f6e0a5c2b9d7e4f1a8c3b6d0e9f2a5c8b1d4e7f0a3c6b9d2e5f' + '8a1c4d7e0b3f6a9c2d5e8b1f4a7c0d3e6b9f2a5d8c1e4b7f0a3d6c9e2b5f8a1c',
      'config.secret_token = "' + '4e7a1c9f3b6d2e8a5c0f7b4d1e9a6c3f8b2d5e0a7c4f1b9d6e3a8c5f2b7d0e4a"',
    ],
    good: ['production:\n  secret_key_base: <%= ENV["SECRET_KEY_BASE"] %>', 'SECRET_KEY_BASE=${SECRET_KEY_BASE}'],
  },
});
