/** Regenerates docs/rules/cicd.md from the CI/CD workflow rules' metadata. */
import { mkdir, writeFile } from 'node:fs/promises';
import { WORKFLOW_RULES } from '../src/scanners/workflows/rules/index.js';
import { renderWorkflowRulesDoc } from '../src/scanners/workflows/docs.js';

const target = new URL('../docs/rules/cicd.md', import.meta.url);
await mkdir(new URL('.', target), { recursive: true });
await writeFile(target, renderWorkflowRulesDoc(WORKFLOW_RULES));
process.stdout.write(`Wrote docs/rules/cicd.md (${WORKFLOW_RULES.length} rules)\n`);
