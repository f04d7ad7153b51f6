import { defineRule } from '../rule.js';

/** The key is base64 of a small JSON object: {"k": <random>, "n": <key name>, "id": <org id>}. */
function decodesToKeyObject(secret: string): boolean {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(secret, 'base64').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && 'k' in parsed && 'n' in parsed && 'id' in parsed;
  } catch {
    return false;
  }
}

/** Legacy Grafana API keys (base64 JSON {"k":…,"n":…,"id":…}). */
export default defineRule({
  id: 'grafana-api-key',
  title: 'Grafana API key',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['eyjrijoi'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_+/-])(?<secret>eyJrIjoi[A-Za-z0-9]{70,400}={0,3})(?![A-Za-z0-9+/=_-])/,
  validate: (secret) => decodesToKeyObject(secret),
  description: 'A Grafana API key (legacy) is committed. It calls the Grafana HTTP API with its role (Viewer, Editor or Admin) in the organisation: reading dashboards and data sources, or changing them.',
  remediation: 'Delete the API key in Grafana (Administration → API keys), and migrate to a service account token. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://grafana.com/docs/grafana/latest/administration/service-accounts/migrate-api-keys/'],
  docs: {
    summary: 'Legacy Grafana API keys (base64 JSON {"k":…,"n":…,"id":…}).',
    bad: [
      'GRAFANA_API_KEY=eyJrIjoiSjVrTGN0OVBPcndmdTY1R' + '3htd0VQYWhRcHdpeTg0WmsiLCJuIjoiY2ktZGVwbG95IiwiaWQiOjE0fQ==',
      'gf_api_key: "eyJrIjoiTFF0T2twZmVGSUladjAw' + 'VGZ1Snl0Y0VvcEVSMElZc20iLCJuIjoiY2ktZGVwbG95IiwiaWQiOjR9"',
      'const token = \'eyJrIjoiaVYwRnJoc1g0WjlVVEhF' + 'QWEwSTcwVnNQeTVXaDkyWDAiLCJuIjoiY2ktZGVwbG95IiwiaWQiOjh9\';',
    ],
    good: [
      'GRAFANA_API_KEY=${GRAFANA_API_KEY}',
      'GRAFANA_API_KEY=eyJrIjoiSjVrTGN0OVBPcndmdTY1R3htd0VQYWhRcHdpeTg0Wmsi',
    ],
  },
});
