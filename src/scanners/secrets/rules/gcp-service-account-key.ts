import { defineRule } from '../rule.js';

const SERVICE_ACCOUNT = /["']type["']\s{0,4}:\s{0,4}["']service_account["']/;

/**
 * Google Cloud service account key files (JSON). The finding is anchored on the
 * key's private_key_id; the file also holds the private key itself.
 */
export default defineRule({
  id: 'gcp-service-account-key',
  title: 'Google Cloud service account key',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['private_key_id'],
  pattern: /["']private_key_id["']\s{0,4}:\s{0,4}["'](?<secret>[a-f0-9]{40})["']/,
  validate: (_secret, { text }) => SERVICE_ACCOUNT.test(text),
  description:
    'A Google Cloud service account key file is committed. It authenticates as the service account to every Google Cloud API and resource its IAM roles allow, until the key is deleted.',
  remediation:
    'Delete the key under IAM & Admin → Service accounts → Keys, check Cloud Audit Logs for its use, and switch to workload identity (federation, attached service accounts) or a secret manager instead of key files. Remove the file from git history.',
  references: ['https://cloud.google.com/iam/docs/keys-create-delete'],
  docs: {
    summary: 'Service account JSON key files, recognised by "type": "service_account" and the private_key_id.',
    bad: [
      '{\n  "type": "service_account",\n  "project_id": "billing-prod-4821",\n  "private_key_id": "6d6840366d06a3484d2e' +
        'da17a510086e04024f4b",\n  "client_email": "exporter@billing-prod-4821.iam.gserviceaccount.com"\n}',
    ],
    good: [
      '{\n  "type": "external_account",\n  "private_key_id": "c7f64fc89bcd3b200622' + 'f7d141559d990d0bd6ad"\n}',
      '{ "type": "service_account", "private_key_id": "<key id>" }',
    ],
  },
});
