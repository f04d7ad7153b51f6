/** Regenerates docs/rules/api.md from the API-headers checks' metadata. */
import { mkdir, writeFile } from 'node:fs/promises';
import { HTTP_CHECKS } from '../src/scanners/http/checks/index.js';
import { renderApiRulesDoc } from '../src/scanners/http/docs.js';

const target = new URL('../docs/rules/api.md', import.meta.url);
await mkdir(new URL('.', target), { recursive: true });
await writeFile(target, renderApiRulesDoc(HTTP_CHECKS));
process.stdout.write(`Wrote docs/rules/api.md (${HTTP_CHECKS.length} checks)\n`);
