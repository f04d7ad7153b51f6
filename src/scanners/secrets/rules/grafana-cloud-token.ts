import { defineRule } from '../rule.js';

/** Grafana Cloud access policy tokens: glc_ + base64 of a JSON object with the key material. */
export default defineRule({
  id: 'grafana-cloud-token',
  title: 'Grafana Cloud access policy token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['glc_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>glc_eyJ[A-Za-z0-9+/_-]{30,1200}={0,2})(?![A-Za-z0-9+/=_-])/,
  minEntropy: 4,
  validate: (secret) => {
    try {
      const payload: unknown = JSON.parse(Buffer.from(secret.slice(4), 'base64').toString('utf8'));
      return typeof payload === 'object' && payload !== null && typeof (payload as Record<string, unknown>).k === 'string';
    } catch {
      return false;
    }
  },
  description:
    'A Grafana Cloud access policy token is committed. Within its scopes it writes or reads metrics, logs and traces of the stack, or manages the Grafana Cloud organization.',
  remediation:
    'Delete the token under Administration → Cloud access policies in the Grafana Cloud portal, create a replacement with the narrowest scopes and an expiry, and keep it in a secret manager or CI secrets. Remove it from git history.',
  references: ['https://grafana.com/docs/grafana-cloud/security-and-account-management/authentication-and-permissions/access-policies/'],
  docs: {
    summary: 'Grafana Cloud access policy tokens (glc_…) whose payload decodes to the expected JSON.',
    bad: ['GRAFANA_CLOUD_TOKEN=glc_' + 'eyJvIjoiNDYyMjYyIiwibiI6InN0YWNrLTIxOTY5My1obS1yZWFkLWFsbG95IiwiayI6InpqaGJJS0pVc1MxbnI1RlNkcDlLaWxzayIsIm0iOnsiciI6InByb2QtZXUtd2VzdC0yIn19'],
    good: ['GRAFANA_CLOUD_TOKEN=glc_' + 'eyJub3RqcyI6dHJ1ZSwicGFkZGluZyI6InBhZGRpbmcifQ', 'GRAFANA_CLOUD_TOKEN=${GRAFANA_CLOUD_TOKEN}'],
  },
});
