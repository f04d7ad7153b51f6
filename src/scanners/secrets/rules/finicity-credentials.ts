import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Finicity app keys (32 hex) and partner secrets (20 characters) assigned to a Finicity setting. */
export default defineRule({
  id: 'finicity-credentials',
  title: 'Finicity app key or secret',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['finicity'],
  multiline: true,
  pattern: assignedTo(String.raw`finicity`, String.raw`[a-f0-9]{32}|[A-Za-z0-9]{20}`),
  minEntropy: 3,
  description: 'A Finicity (Mastercard Open Banking) app key or partner secret is committed. It obtains API tokens that read connected customers’ bank accounts and transactions.',
  remediation: 'Rotate the partner secret and app key in the Finicity developer portal and update the service configuration. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developer.mastercard.com/open-banking-us/documentation/'],
  docs: {
    summary: 'Finicity app keys (32 hex) and partner secrets (20 characters) assigned to a Finicity setting.',
    bad: [
      'FINICITY_APP_KEY=1e79d68f41' + '0eb6f3e1a20e36594cc23a',
      'finicity_partner_secret: "bb1d1ff08e' + 'ebb8d3e94dc625c14bf31f"',
      '  "finicityAppKey": "96fbc5ad1d' + 'c79beb67af6bbae24ebe0e",',
    ],
    good: [
      'FINICITY_APP_KEY=${FINICITY_APP_KEY}',
      'FINICITY_APP_KEY=1e79d68f410eb6f3e1a',
      'OTHER_SERVICE_KEY=1e79d68f41' + '0eb6f3e1a20e36594cc23a',
    ],
  },
});
