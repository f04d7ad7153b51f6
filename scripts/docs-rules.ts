/** Regenerates docs/rules/*.md from rule metadata: `npm run docs:rules`. */
import { mkdir, writeFile } from 'node:fs/promises';
import { renderSecretRulesDoc } from '../src/scanners/secrets/docs.js';
import { SECRET_RULES } from '../src/scanners/secrets/rules/index.js';

const target = new URL('../docs/rules/secrets.md', import.meta.url);
await mkdir(new URL('.', target), { recursive: true });
await writeFile(target, renderSecretRulesDoc(SECRET_RULES));
process.stdout.write(`Wrote docs/rules/secrets.md (${SECRET_RULES.length} rules)\n`);
