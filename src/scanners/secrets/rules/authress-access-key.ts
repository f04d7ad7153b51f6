import { defineRule } from '../rule.js';

/** Authress service client access keys (sc_….acc_….…). */
export default defineRule({
  id: 'authress-access-key',
  title: 'Authress access key',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['.acc_', '.acc-'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>(?:sc|ext|scauth|authress)_[a-z0-9]{5,30}\.[a-z0-9]{4,6}\.acc[_-][a-z0-9-]{10,32}\.[A-Za-z0-9+/_=-]{30,120})(?![A-Za-z0-9+/_=-])/,
  description: 'A Authress service client access key is committed. It signs tokens as the service client, which then calls the Authress API with that client’s permissions (user roles, access records, tenant settings).',
  remediation: 'Delete the access key on the service client in the Authress management portal and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://authress.io/knowledge-base/docs/authorization/service-clients'],
  docs: {
    summary: 'Authress service client access keys (sc_….acc_….…).',
    bad: [
      'AUTHRESS_SERVICE_CLIENT_KEY=sc_fre0tqh0sp71.9y8ie.acc_i7auwogjoyn' + '79v1g38yf.EJCr6zGoCO4bVbdEHyCfhq2IW2e4NUJNPokztBydrgZtbabVnRvKwpLw1TwPe74a',
      'authress_access_key: "sc_mw7bqfmhr3v5.qil7r.acc_sxe5ic97u8t' + '0x2fpunkx.tGdtsYaYOUWL_sLZh28pkAJT0c98ZrawwUOw1zWK7CYWQdqwEUPKrBEigSbX6Gim"',
      'const token = \'sc_f5bsaqtipuz1.ef16e.acc_iwvx1algo90' + 'zw2ffwiur.bxb5HvCJl6jeI58ELtlR-GQeiHe-InzVGIvh0D-A0n73GX0zjYkI3jWHCuQ_yLEC\';',
    ],
    good: [
      'AUTHRESS_SERVICE_CLIENT_KEY=${AUTHRESS_SERVICE_CLIENT_KEY}',
      'AUTHRESS_SERVICE_CLIENT_KEY=sc_fre0tqh0sp71.9y8ie.acc_i7auwogjoyn79v1g38yf.EJCr6zGoCO4bVbdEHyC',
    ],
  },
});
