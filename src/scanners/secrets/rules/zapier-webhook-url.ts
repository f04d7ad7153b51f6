import { defineRule } from '../rule.js';

/** Zapier catch hook URLs (hooks.zapier.com/hooks/catch/…). */
export default defineRule({
  id: 'zapier-webhook-url',
  title: 'Zapier webhook URL',
  severity: 'MEDIUM',
  confidence: 0.9,
  keywords: ['hooks.zapier.com/hooks/catch/'],
  pattern: /(?<secret>(?:https?:\/\/)?hooks\.zapier\.com\/hooks\/catch\/[0-9]{5,12}\/[A-Za-z0-9]{5,12})(?![A-Za-z0-9_-])/,
  description: 'A Zapier catch hook URL is committed. Anyone with the URL triggers the Zap with data of their choosing, which then acts in every app the Zap is connected to.',
  remediation: 'Turn the Zap’s trigger off and create a new catch hook (the URL changes), then update the caller. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://help.zapier.com/hc/en-us/articles/8496288690317'],
  docs: {
    summary: 'Zapier catch hook URLs (hooks.zapier.com/hooks/catch/…).',
    bad: [
      'ZAPIER_WEBHOOK_URL=https://hooks.zap' + 'ier.com/hooks/catch/93399934/ipumn7/',
      'zapier_webhook_url: "https://hooks.zap' + 'ier.com/hooks/catch/02848577/v4c04i/"',
      'const token = \'https://hooks.zap' + 'ier.com/hooks/catch/26527828/nhgifx/\';',
    ],
    good: [
      'ZAPIER_WEBHOOK_URL=${ZAPIER_WEBHOOK_URL}',
      'ZAPIER_WEBHOOK_URL=https://hooks.zapier.com/hooks/',
    ],
  },
});
