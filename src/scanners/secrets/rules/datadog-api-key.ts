import { defineRule } from '../rule.js';

/** The line names Datadog or a DD_API_KEY-style variable. */
const VENDOR = /datadog|(?<![a-z])dd[_-]?api|ddapi/i;

/** Datadog API keys: 32 hex characters next to a Datadog API key name (or api_key in a datadog config file). */
export default defineRule({
  id: 'datadog-api-key',
  title: 'Datadog API key',
  severity: 'HIGH',
  confidence: 0.7,
  keywords: ['datadog', 'dd_api', 'dd-api', 'ddapi', 'api_key'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>[a-f0-9]{32})(?![A-Za-z0-9_-])/,
  minEntropy: 3,
  validate: (secret, { line, path }) =>
    /[a-f]/.test(secret) && /[0-9]/.test(secret) && /api[_-]?key|apikey/i.test(line) && (VENDOR.test(line) || /datadog/i.test(path)),
  description:
    'A Datadog API key is committed. It submits metrics, logs, traces and events to the organization, and together with an application key it reads and changes monitors, dashboards and data.',
  remediation:
    'Revoke the key under Organization Settings → API Keys, create a replacement, and deliver it to agents through environment variables or a secret manager. Remove it from git history.',
  references: ['https://docs.datadoghq.com/account_management/api-app-keys/'],
  docs: {
    summary: 'Datadog API keys (32 hex) assigned to DD_API_KEY, datadog_api_key and similar names.',
    bad: ['DD_API_KEY=a8895d14a774b886' + '01a3550ab913fee9', 'datadog: { apiKey: "8d51ba15805a951c' + '422a0681a9ed6e03" }'],
    good: ['api_key = "0c182d82e2feac16' + 'c48d950aa2b8a0de"', 'DD_API_KEY=${DD_API_KEY}', 'DD_CLIENT_TOKEN=pub2596719595ee0271' + '6ca3907c5dc654b3'],
  },
});
