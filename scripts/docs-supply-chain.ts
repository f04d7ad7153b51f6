/** Regenerates docs/rules/supply-chain.md from the dependency scanner's metadata. */
import { mkdir, writeFile } from 'node:fs/promises';
import { renderSupplyChainDoc } from '../src/scanners/dependencies/docs.js';

const target = new URL('../docs/rules/supply-chain.md', import.meta.url);
await mkdir(new URL('.', target), { recursive: true });
await writeFile(target, renderSupplyChainDoc());
process.stdout.write('Wrote docs/rules/supply-chain.md\n');
