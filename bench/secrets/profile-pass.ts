import { ensureCorpus, CORPUS_DIR } from './corpus.js';
import { loadCorpus, runSecretsPass } from './passes.js';
const corpus = await (async () => { await ensureCorpus(console.log); return loadCorpus(CORPUS_DIR); })();
for (let i = 0; i < Number(process.env.N ?? 3); i++) {
  const p = runSecretsPass(corpus);
  console.log(`pass ${i}: ${p.seconds.toFixed(2)} s wall, ${p.cpuSeconds.toFixed(2)} cpu s, ${(corpus.bytes / 1e6 / p.cpuSeconds).toFixed(1)} MB/cpu-s, ${p.findings.length} findings`);
}
