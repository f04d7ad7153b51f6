/** Regenerates docs/rules/*.md from every catalogue's rule metadata: `npm run docs:rules`. */
import { mkdir, writeFile } from 'node:fs/promises';
import { codePage } from '../src/scanners/code/docs.js';
import { supplyChainPage } from '../src/scanners/dependencies/docs.js';
import { renderPage } from '../src/scanners/docs.js';
import { apiPage } from '../src/scanners/http/docs.js';
import { HTTP_CHECKS } from '../src/scanners/http/checks/index.js';
import { secretsPage } from '../src/scanners/secrets/docs.js';
import { SECRET_RULES } from '../src/scanners/secrets/rules/index.js';
import { workflowPage } from '../src/scanners/workflows/docs.js';

const folder = new URL('../docs/rules/', import.meta.url);
await mkdir(folder, { recursive: true });
const pages = [renderPage(secretsPage(SECRET_RULES)), renderPage(apiPage(HTTP_CHECKS)), renderPage(supplyChainPage()), renderPage(workflowPage()), renderPage(codePage())];
for (const { file, text, rules } of pages) {
  await writeFile(new URL(file, folder), text);
  process.stdout.write(`Wrote docs/rules/${file} (${rules} rules)\n`);
}
