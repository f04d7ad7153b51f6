import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { scanWorkflowFile } from './src/scanners/workflows/scanner.js';
const files = execSync('find /tmp/zz -name "*.yml"').toString().trim().split('\n');
for (const f of files.sort()) {
  const rel = f.replace('/tmp/zz/crates/zizmor/tests/integration/test-data/', '');
  const path = f.endsWith('action.yml') ? 'x/action.yml' : `.github/workflows/${rel.replace(/\//g, '_')}`;
  const found = scanWorkflowFile(path, readFileSync(f, 'utf8')).filter((x) => !['unpinned-action', 'excessive-permissions'].includes(x.ruleId));
  console.log(rel, found.map((x) => `${x.ruleId}@${x.line}`).join(' '));
}
