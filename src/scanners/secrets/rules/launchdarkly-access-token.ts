import { defineRule } from '../rule.js';

/**
 * LaunchDarkly API access tokens (api-<UUID>) and server-side SDK keys
 * (sdk-<UUID>), on a line that mentions LaunchDarkly or an LD_ setting.
 */
export default defineRule({
  id: 'launchdarkly-access-token',
  title: 'LaunchDarkly access token',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['launchdarkly', 'launch_darkly', 'ld_api', 'ld_sdk', 'ld_env_', 'ldclient', 'ld_client', 'ld.init'],
  pattern:
    /(?<![A-Za-z0-9_-])(?<secret>(?:api|sdk)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A LaunchDarkly API access token or server-side SDK key is committed. API tokens change flags, targeting and projects with their role; SDK keys read every flag rule and segment of the environment, including targeted user lists.',
  remediation:
    'Reset the token in LaunchDarkly (Account settings → Authorization) or rotate the environment’s SDK key (Project settings → Environments), deploy the new one from a secret store and remove the old one from git history.',
  references: ['https://docs.launchdarkly.com/home/account/api', 'https://docs.launchdarkly.com/sdk/concepts/client-side-server-side#keys'],
  docs: {
    summary: 'LaunchDarkly API access tokens (api-) and server-side SDK keys (sdk-) next to LaunchDarkly settings.',
    bad: [
      'LAUNCHDARKLY_SDK_KEY=sdk-' + '6c0661f3-17c4-4799-9579-204443321680',
      'const client = LaunchDarkly.init("sdk-' + '6c0661f3-17c4-4799-9579-204443321680");',
    ],
    good: [
      'LAUNCHDARKLY_SDK_KEY=sdk-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
      'request_id = "api-' + '6c0661f3-17c4-4799-9579-204443321680"',
      'LAUNCHDARKLY_CLIENT_SIDE_ID=' + '6c0661f317c4479995792044',
    ],
  },
});
