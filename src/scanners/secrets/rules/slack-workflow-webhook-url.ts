import { defineRule } from '../rule.js';

/**
 * Slack Workflow Builder webhooks: hooks.slack.com/workflows/T…/A…/<number>/<24
 * alphanumerics> and hooks.slack.com/triggers/T…/<number>/<32 hex>.
 */
export default defineRule({
  id: 'slack-workflow-webhook-url',
  title: 'Slack webhook URL',
  severity: 'MEDIUM',
  confidence: 0.9,
  keywords: ['hooks.slack.com/workflows/', 'hooks.slack.com/triggers/'],
  pattern:
    /(?<![A-Za-z0-9_.-])(?<secret>(?:https?:\/\/)?hooks\.slack\.com\/(?:workflows\/T[A-Z0-9]{8,12}\/A[A-Z0-9]{8,12}\/[0-9]{12,22}\/[A-Za-z0-9]{24}|triggers\/T[A-Z0-9]{8,12}\/[0-9]{10,16}\/[a-f0-9]{32}))(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description:
    'A Slack Workflow Builder webhook URL is committed. Anyone who has it can start the workflow with data of their choosing, which usually posts messages or runs steps inside the workspace.',
  remediation:
    'Delete or recreate the workflow’s webhook trigger in Workflow Builder, keep the new URL in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://slack.com/help/articles/360041352714-Build-a-workflow--Create-a-workflow-that-starts-outside-of-Slack'],
  docs: {
    summary: 'Slack Workflow Builder webhook and trigger URLs (hooks.slack.com/workflows/…, hooks.slack.com/triggers/…).',
    bad: [
      'url = "https://hooks.slack.com/workflows/' + 'T1OXH28UZ12/AW9JD6U26EL/973885376245570390/zCn2eRCZ6CtdGQ1hkMmb2Ahs"',
      'SLACK_TRIGGER=https://hooks.slack.com/triggers/' + 'TO1SG0ZZYMQ/0467154078229/c11eb551f67ef5d60cfc745da377d672',
    ],
    good: [
      'url = "https://hooks.slack.com/workflows/T00000000/A00000000/000000000000000000/XXXXXXXXXXXXXXXXXXXXXXXX"',
      'SLACK_TRIGGER=https://hooks.slack.com/triggers/<team>/<id>/<secret>',
    ],
  },
});
