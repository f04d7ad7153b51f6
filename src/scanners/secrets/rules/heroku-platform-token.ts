import { defineRule } from '../rule.js';

/** Heroku API keys and tokens in the prefixed HRKU- format. */
export default defineRule({
  id: 'heroku-platform-token',
  title: 'Heroku API key',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['hrku-'],
  anchored: true,
  pattern:
    /(?<![A-Za-z0-9_-])(?<secret>HRKU-(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[A-Za-z0-9_-]{60,70}))(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description:
    'A Heroku API key is committed. It controls every app the user can reach: config vars (and the secrets in them), deploys, add-ons, databases and collaborators.',
  remediation:
    'Regenerate the API key under Account settings (or revoke the authorization with heroku authorizations:revoke), use a dedicated authorization with the narrowest scope for automation, and keep it in CI secrets. Remove it from git history.',
  references: ['https://devcenter.heroku.com/articles/authentication'],
  docs: {
    summary: 'Heroku API keys and tokens with the HRKU- prefix.',
    bad: ['HEROKU_API_KEY=HRKU-' + 'ea36adf9' + '-bb48-4aa2-b861-282c224e98b2', 'heroku_token: "HRKU-' + 'AAt6mXZsj8XlQAo5j4ktueCEjTkbx75PSmbXeepg4FDl7nhDJNO6pGoiNGu6FQqQj"'],
    good: ['HEROKU_API_KEY=HRKU-' + 'J_J6OYNS9RCeiAGkrKTtL4mmwRBkzZ', 'HEROKU_API_KEY=HRKU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'],
  },
});
