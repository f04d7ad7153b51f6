import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Contentful delivery and preview tokens assigned to a Contentful setting. */
export default defineRule({
  id: 'contentful-delivery-token',
  title: 'Contentful delivery API token',
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['contentful'],
  multiline: true,
  pattern: assignedTo(String.raw`contentful`, String.raw`[A-Za-z0-9_-]{43}`),
  minEntropy: 4,
  description: 'A Contentful Content Delivery/Preview API token is committed. It reads the space’s content; a preview token also reads unpublished drafts.',
  remediation: 'Revoke the API key in Contentful (Settings → API keys) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://www.contentful.com/developers/docs/references/authentication/'],
  docs: {
    summary: 'Contentful delivery and preview tokens assigned to a Contentful setting.',
    bad: [
      'CONTENTFUL_DELIVERY_TOKEN=PeQnCM8iJFayys' + 'xhSRVPuMdVYilor7dZGMBQsDQtzVL',
      'contentful_preview_access_token: "sjqkq2AXkVHDhn' + 'szmFdy5LQCMiBVt4n6NFkoZcLPiwc"',
      '  "contentfulDeliveryToken": "ePt-P1qSiW9eLQ' + '4DVB7RBcoxAhLJ0PDXfz0v1768zE0",',
    ],
    good: [
      'CONTENTFUL_DELIVERY_TOKEN=${CONTENTFUL_DELIVERY_TOKEN}',
      'CONTENTFUL_DELIVERY_TOKEN=PeQnCM8iJFayysxhSRVPuMdVY',
      'OTHER_SERVICE_KEY=PeQnCM8iJFayys' + 'xhSRVPuMdVYilor7dZGMBQsDQtzVL',
    ],
  },
});
