import { defineRule } from '../rule.js';

/**
 * OpenAI API keys: project (sk-proj-), service account (sk-svcacct-) and
 * user (sk-None-) keys, and legacy keys sk-<20>T3BlbkFJ<20> ("T3BlbkFJ" is
 * base64 for "OpenAI").
 */
export default defineRule({
  id: 'openai-api-key',
  title: 'OpenAI API key',
  severity: 'HIGH',
  confidence: 0.92,
  keywords: ['sk-proj-', 'sk-svcacct-', 'sk-none-', 't3blbkfj'],
  pattern:
    /(?<![A-Za-z0-9_-])(?<secret>sk-(?:proj|svcacct|None)-[A-Za-z0-9_-]{40,250}|sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20})(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  description:
    'An OpenAI API key is committed. It calls the OpenAI API on the owner’s organisation and project: requests are billed to them, and files, assistants and fine-tuned models of the project can be read.',
  remediation:
    'Revoke the key on the OpenAI platform (API keys page of the project), create a new one and load it from an environment variable or secret store; never ship it in client-side code. Check usage for unexpected spend and remove the key from git history.',
  references: ['https://platform.openai.com/docs/api-reference/authentication'],
  docs: {
    summary: 'OpenAI project, service-account, user and legacy API keys.',
    bad: [
      'OPENAI_API_KEY=sk-proj-' +
        '4sgoVegLFhG1TDEUvu6dLXlFKWraN6J8zT632mdJfa1xzpz1AICqTVENkewUQs-1ufyE-oNShKT3BlbkFJQn1F0tIaIMqIEvjTYQeHUF6sfvosZYdUsvuP4e3SGo8fm8Us4oVLomKjyWTq5uk3NGi1_A-BQp',
      'client = OpenAI(api_key="sk-' + 'ZOGSAxT1bWydvnuuS6UWT3BlbkFJuCofBwigaj8906DXfYzK")',
    ],
    good: [
      'OPENAI_API_KEY=sk-proj-your-api-key-here',
      'OPENAI_API_KEY=sk-' + 'ZOGSAxT1bWydvnuuS6UWuCofBwigaj8906DXfYzKT3Blbk',
      'client = OpenAI(api_key=os.environ["OPENAI_API_KEY"])',
    ],
  },
});
