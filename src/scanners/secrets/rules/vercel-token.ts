import { defineRule } from '../rule.js';

/** Vercel access tokens: 24 alphanumerics, with Vercel and a credential name on the line. */
export default defineRule({
  id: 'vercel-token',
  title: 'Vercel access token',
  severity: 'HIGH',
  confidence: 0.65,
  keywords: ['vercel'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>[A-Za-z0-9]{24})(?![A-Za-z0-9_-])/,
  minEntropy: 3.8,
  validate: (secret, { line }) =>
    /[a-z]/.test(secret) && /[A-Z]/.test(secret) && /[0-9]/.test(secret) && /vercel/i.test(line) && /token|auth|bearer|secret|api[_-]?key/i.test(line),
  description:
    'A Vercel access token is committed. Within its scope (a personal account, a team or one project) it deploys, reads and changes environment variables, domains and project settings through the Vercel API and CLI.',
  remediation:
    'Delete the token under Account Settings → Tokens, create a replacement scoped to the team or project with an expiry, and keep it in CI secrets. Remove it from git history.',
  references: ['https://vercel.com/docs/rest-api#creating-an-access-token'],
  docs: {
    summary: 'Vercel access tokens (24 characters) assigned to VERCEL_TOKEN and similar names.',
    bad: ['VERCEL_TOKEN=U8P5N8Qi8I9f' + 'eSOr4sMxeyAd', 'run: vercel deploy --prod --token=5rXRCTaoVzqH' + 'U0yEODV3GL25'],
    good: ['VERCEL_ORG_ID=team_uq0JdtfR64hA4YltI3vYeHRk', 'VERCEL_TOKEN=${{ secrets.VERCEL_TOKEN }}', 'vercel_project: "l656PiiNUJWJ' + '6PZmBno84Qgt"'],
  },
});
