import { hasGrafanaServiceAccountChecksum } from '../checksums.js';
import { defineRule } from '../rule.js';

/** Grafana service account tokens: glsa_ + 32 alphanumerics + _ + 8 hex of a CRC-32 (little-endian) over glsa_<random>. */
export default defineRule({
  id: 'grafana-service-account-token',
  title: 'Grafana service account token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['glsa_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})(?![A-Za-z0-9_])/,
  minEntropy: 3.8,
  validate: (secret) => hasGrafanaServiceAccountChecksum(secret),
  description:
    'A Grafana service account token is committed. It calls the Grafana HTTP API with the service account’s role: reading dashboards and data sources, or with Editor/Admin roles changing them and querying the data behind them.',
  remediation:
    'Delete the token under Administration → Service accounts in Grafana, create a replacement with an expiry and the least role, and keep it in a secret manager or CI secrets. Remove it from git history.',
  references: ['https://grafana.com/docs/grafana/latest/administration/service-accounts/'],
  docs: {
    summary: 'Grafana service account tokens (glsa_…), validated by their embedded CRC-32 checksum.',
    bad: ['GRAFANA_TOKEN=glsa_' + 'KSFd0W3ZdQsM3qolGC3AcYlQFkgwNIkA_02c4655c', "grafana_auth: 'glsa_" + "Xw7Lq2Nc9Vt4Rb8Kp3Jd6Hf1Zm5Sg0Ya_e2513972'"],
    good: [
      // Same shape, wrong checksum.
      'GRAFANA_TOKEN=glsa_' + 'KSFd0W3ZdQsM3qolGC3AcYlQFkgwNIkA_98b15252',
      'GRAFANA_TOKEN=glsa_' + 'g14bZvLPGHp2EyXMlHvA_9d0a773f', 'GRAFANA_TOKEN=${GRAFANA_SA_TOKEN}'],
  },
});
