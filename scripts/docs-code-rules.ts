/** Regenerates docs/rules/code.md from the code scanner's rule metadata and examples. */
import { mkdir, writeFile } from 'node:fs/promises';
import { renderCodeRulesDoc } from '../src/scanners/code/docs.js';
import { CODE_RULES } from '../src/scanners/code/rules/index.js';

const target = new URL('../docs/rules/code.md', import.meta.url);
await mkdir(new URL('.', target), { recursive: true });
await writeFile(target, renderCodeRulesDoc(CODE_RULES));
process.stdout.write(`Wrote docs/rules/code.md (${CODE_RULES.length} rules)\n`);
