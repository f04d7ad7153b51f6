import { describe, expect, it } from 'vitest';
import { parserBackend } from '../../../src/scanners/code/parser.js';
import { createCodeScanner } from '../../../src/scanners/code/scanner.js';

/** VIGIL_PARSER=wasm: a machine without the native build opts out. */
const wasmOnly = process.env.VIGIL_PARSER === 'wasm';

// Its own file, so that this module state is fresh: nothing has called init() in this thread,
// as in a scan thread, which only calls prepare().
describe.skipIf(wasmOnly)('code scanner: prepare() without init()', () => {
  it('parses with the native back end, as init() would', async () => {
    expect(parserBackend().backend).toBeUndefined();
    const scanner = createCodeScanner();
    await scanner.prepare?.(['src/app.js', 'README.md']);
    expect(parserBackend().backend).toBe('native');
    const findings = scanner.scanFile({ path: 'src/app.js', text: "const cp = require('child_process');\nmodule.exports = (req) => cp.exec(req.query.cmd);\n" });
    expect(findings.length).toBeGreaterThan(0);
    expect(scanner.takeCounts?.()).toMatchObject({ parsed: 1 });
  });
});
