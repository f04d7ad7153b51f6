import { defineRule } from '../rule.js';

/** The line names Datadog or a DD_APP_KEY-style variable. */
const VENDOR = /datadog|(?<![a-z])dd[_-]?app|ddapp/i;

/** Datadog application keys: 40 hex characters next to a Datadog application key name. */
export default defineRule({
  id: 'datadog-application-key',
  title: 'Datadog application key',
  severity: 'HIGH',
  confidence: 0.7,
  keywords: ['datadog', 'dd_app', 'dd-app', 'ddapp', 'app_key', 'application_key'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>[a-f0-9]{40})(?![A-Za-z0-9_-])/,
  minEntropy: 3,
  validate: (secret, { line, path }) =>
    /[a-f]/.test(secret) && /[0-9]/.test(secret) && /app(?:lication)?[_-]?key|appkey/i.test(line) && (VENDOR.test(line) || /datadog/i.test(path)),
  description:
    'A Datadog application key is committed. With an API key it calls the Datadog API as the user or service account that owns it: reading logs and metrics and changing monitors, dashboards and settings within its scopes.',
  remediation:
    'Revoke the key under Organization Settings → Application Keys (or Personal Settings), create a scoped replacement owned by a service account, and keep it in a secret manager or CI secrets. Remove it from git history.',
  references: ['https://docs.datadoghq.com/account_management/api-app-keys/'],
  docs: {
    summary: 'Datadog application keys (40 hex) assigned to DD_APP_KEY, datadog_application_key and similar names.',
    bad: ['DD_APP_KEY=50b9e1f86bdc62c20b79' + '7109f3a5848a06bad29f', 'datadog_application_key = "67b88fbaded6ea811d3f' + '6fc2b54ac1faca129475"'],
    good: ['app_key = "f9dff0cf3df158c00dc1' + 'ff58a94021cbe514ca0e"', 'uses: DataDog/datadog-ci-action@a243e7992a0af7677193' + '9be9b1fab14a4c904e3b', 'DD_APP_KEY=${DD_APP_KEY}'],
  },
});
