import { defineRule } from '../rule.js';

/** Freemius SDK secret keys in PHP configuration arrays. */
export default defineRule({
  id: 'freemius-secret-key',
  title: 'Freemius secret key',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['secret_key'],
  pattern: /["']secret_key["']\s{0,4}=>\s{0,4}["'](?<secret>sk_[^\s"'\\]{29})["']/,
  minEntropy: 3.5,
  description: 'A Freemius secret key is committed. It signs Freemius API requests for the plugin or theme: reading licences, customers and payments and changing plans.',
  remediation: 'Regenerate the secret key in the Freemius developer dashboard (Settings → Keys) and update the SDK configuration outside the repository. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://freemius.com/help/documentation/wordpress-sdk/integrating-freemius-sdk/'],
  docs: {
    summary: 'Freemius SDK secret keys in PHP configuration arrays.',
    bad: [
      '$fs = fs_dynamic_init(array(\'id\' => \'4218\', \'secret_key\' => \'sk_KvZ1iBj' + '9INwJvRxneM8ktB7SqcPX6\'));',
    ],
    good: [
      '$fs = fs_dynamic_init(array(\'id\' => \'4218\', \'secret_key\' => \'sk_KvZ1iBj9INwJvRxn\'));',
    ],
  },
});
