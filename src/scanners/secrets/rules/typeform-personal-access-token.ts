import { defineRule } from '../rule.js';

/** Typeform personal access tokens: tfp_ + ~59 base64url characters. */
export default defineRule({
  id: 'typeform-personal-access-token',
  title: 'Typeform personal access token',
  severity: 'MEDIUM',
  confidence: 0.9,
  keywords: ['tfp_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>tfp_[A-Za-z0-9_.=-]{40,70})(?![A-Za-z0-9_.=-])/,
  minEntropy: 4,
  description:
    'A Typeform personal access token is committed. Within its scopes it reads form responses (often personal data), and creates, changes or deletes forms, themes and webhooks of the account.',
  remediation:
    'Revoke the token in Typeform (Account → Personal tokens), create one with the least scopes needed and keep it in a secret store. Remove it from git history.',
  references: ['https://www.typeform.com/developers/get-started/personal-access-token/'],
  docs: {
    summary: 'Typeform personal access tokens (tfp_).',
    bad: ['TYPEFORM_TOKEN=tfp_' + 'XaVuevtaeLd7ZlC8tSxgky2PMjcL4Gvjd11Cu01dFhGk_dofvzHqiN98wny'],
    good: ['TYPEFORM_TOKEN=tfp_your_personal_access_token', 'TYPEFORM_TOKEN=tfp_' + 'XaVuevtaeLd7ZlC8'],
  },
});
