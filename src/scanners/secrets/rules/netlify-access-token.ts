import { defineRule } from '../rule.js';

/** Netlify personal access tokens with the nfp_ prefix. */
export default defineRule({
  id: 'netlify-access-token',
  title: 'Netlify personal access token',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['nfp_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>nfp_[A-Za-z0-9]{36,48})(?![A-Za-z0-9_])/,
  minEntropy: 3.8,
  description:
    'A Netlify personal access token is committed. It acts as its owner on every team and site they can reach: deploys, environment variables, forms, functions and DNS.',
  remediation:
    'Revoke the token under User settings → Applications → Personal access tokens, create a replacement with an expiry, and keep it in CI secrets. Remove it from git history.',
  references: ['https://docs.netlify.com/api/get-started/#authentication'],
  docs: {
    summary: 'Netlify personal access tokens (nfp_…).',
    bad: ['NETLIFY_AUTH_TOKEN=nfp_' + 'X2bcLnWT4F3XF1T0x4BD6uTIVAMD9zxuxCVI'],
    good: ['NETLIFY_AUTH_TOKEN=nfp_' + 'S0CF6YQuWW5RVdyMDcXk', 'NETLIFY_AUTH_TOKEN=${{ secrets.NETLIFY_AUTH_TOKEN }}'],
  },
});
