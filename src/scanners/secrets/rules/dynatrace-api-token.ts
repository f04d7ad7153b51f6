import { defineRule } from '../rule.js';

/** Dynatrace API and PaaS tokens (dt0c01.<24>.<64>). */
export default defineRule({
  id: 'dynatrace-api-token',
  title: 'Dynatrace API token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['dt0c01.'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description: 'A Dynatrace API token is committed. It calls the Dynatrace environment API with the token’s scopes: reading monitoring data and logs, ingesting metrics, changing settings or installing OneAgent.',
  remediation: 'Revoke the token in Dynatrace (Access tokens), create a new one with the least scopes needed. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.dynatrace.com/docs/manage/identity-access-management/access-tokens-and-oauth-clients/access-tokens'],
  docs: {
    summary: 'Dynatrace API and PaaS tokens (dt0c01.<24>.<64>).',
    bad: [
      'DT_API_TOKEN=dt0c01.F3HV2YE6HUGVPKBQCLT49KI0.' + '8OQ3IH6581866C3YY6NV8MGAZ3BG4Q98JWQ6VP8P7T2LKHQS6AVJJXN79S7502XF',
      'dynatrace_api_token: "dt0c01.DD8I59HCRTD7EIXMSFNEN69N.' + 'YOFG5HON7U15BSSPCAUIY5CIXLHNPZP30MCHD3FC5ALXGXYWAWMVBZ9YI4GA4GLO"',
      'const token = \'dt0c01.IC87IFRESJHOI8MAB5BCORDI.' + 'E8FIMMO6M74B099V4PO27LY0JKEGOE6G7PC0HWHDT0JELT4SCDX5T8BOLJ9M56OW\';',
    ],
    good: [
      'DT_API_TOKEN=${DT_API_TOKEN}',
      'DT_API_TOKEN=dt0c01.F3HV2YE6HUGVPKBQCLT49KI0.8OQ3IH6581866C3YY6NV8MGAZ',
    ],
  },
});
