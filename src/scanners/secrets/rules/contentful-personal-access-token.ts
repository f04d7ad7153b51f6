import { defineRule } from '../rule.js';

/** Contentful personal access tokens (Content Management API): CFPAT- + 43 base64url characters. */
export default defineRule({
  id: 'contentful-personal-access-token',
  title: 'Contentful personal access token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['cfpat-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>CFPAT-[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/,
  minEntropy: 3.8,
  description:
    'A Contentful personal access token is committed. It calls the Content Management API as its owner: creating, changing, publishing and deleting content, content types and environments in every space they can access.',
  remediation:
    'Revoke the token in Contentful (Settings → CMA tokens), create a new one and keep it in a secret store. Remove it from git history.',
  references: ['https://www.contentful.com/developers/docs/references/authentication/#the-content-management-api'],
  docs: {
    summary: 'Contentful Content Management API personal access tokens (CFPAT-).',
    bad: ['CONTENTFUL_MANAGEMENT_TOKEN=CFPAT-' + 'yUs3JWmkHcrlx3X9lfyqULV52swtvZiFnd2TdsMrAag'],
    good: ['CONTENTFUL_MANAGEMENT_TOKEN=CFPAT-your-token', 'CONTENTFUL_MANAGEMENT_TOKEN=CFPAT-' + 'yUs3JWmkHcrlx3X9lfyq'],
  },
});
