import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLayers, describeViolation, importsOf, layerOf, readSources } from '../../scripts/layers.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('the dependency rule over src/', () => {
  it('holds: no import points to a higher layer, core imports nothing, no scanner kind imports another', async () => {
    const sources = await readSources(ROOT);
    // The whole tree was read, and its imports were found (a checker that sees nothing passes anything).
    expect(sources.size).toBeGreaterThan(500);
    const edges = [...sources.values()].reduce((n, text) => n + importsOf(text).length, 0);
    expect(edges).toBeGreaterThan(1500);
    expect(checkLayers(sources).map(describeViolation)).toEqual([]);
  });
});

describe('the layer checker', () => {
  it('reads static, type-only, re-export, side-effect and dynamic imports, not comments or strings', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../b.js';",
      "export { c } from './c.js';",
      "export * from './d.js';",
      "import './e.js';",
      "const f = await import('./f.js');",
      'const g = await import(',
      "  './g.js'",
      ');',
      "// import h from './h.js';",
      "const i = \"import i from './i.js'\";",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf(text)).toEqual([
      { specifier: './a.js', line: 1 },
      { specifier: '../b.js', line: 2 },
      { specifier: './c.js', line: 3 },
      { specifier: './d.js', line: 4 },
      { specifier: './e.js', line: 5 },
      { specifier: './f.js', line: 6 },
      { specifier: './g.js', line: 8 },
    ]);
  });

  it('places files in layers', () => {
    expect(layerOf('src/main.ts')).toBe('root');
    expect(layerOf('src/core/findings.ts')).toBe('core');
    expect(layerOf('src/scanners/secrets/rules/aws.ts')).toBe('scanners');
    expect(layerOf('src/http/routes/v1/scan.ts')).toBe('http');
    expect(layerOf('src/misc/x.ts')).toBeUndefined();
  });

  describe('on a planted tree', () => {
    let dir: string | undefined;
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('names every file and target that breaks a rule, and only those', async () => {
      dir = await mkdtemp(join(tmpdir(), 'vigil-layers-'));
      const files: Record<string, string> = {
        // Upward imports: static, type-only and dynamic.
        'src/scanners/secrets/scanner.ts': "import type { FileScanner } from '../../engine/types.js';\nimport { x } from '../contract.js';",
        'src/engine/types.ts': "export const t = 1;\nconst app = await import('../http/app.js');",
        'src/core/ids.ts': "import { Config } from '../config/index.js';",
        // Another kind's folder, and a shared module that imports a kind.
        'src/scanners/workflows/check.ts': "import { advisory } from '../dependencies/advisories/check.js';\nimport { osv } from '../advisories/source.js';",
        'src/scanners/contract.ts': "import type { Rule } from './secrets/rule.js';",
        // A folder that is no layer.
        'src/misc/helper.ts': "import { t } from '../engine/types.js';",
        // Allowed: downward, same layer, shared scanner module, the CLI starting the server.
        'src/adapters/osv/online.ts': "import type { AdvisorySource } from '../../scanners/advisories/source.js';",
        'src/http/app.ts': "import { run } from '../cli/index.js';\nimport { scan } from '../services/scans/service.js';",
        'src/cli/commands/serve.ts': "const { startServer } = await import('../../main.js');",
        'src/main.ts': "import { buildApp } from './http/app.js';",
      };
      for (const [path, text] of Object.entries(files)) {
        await mkdir(dirname(join(dir, path)), { recursive: true });
        await writeFile(join(dir, path), text);
      }
      const found = checkLayers(await readSources(dir)).map((v) => `${v.from}:${v.line} → ${v.to}`);
      expect(found.sort()).toEqual(
        [
          'src/core/ids.ts:1 → src/config/index.ts',
          'src/engine/types.ts:2 → src/http/app.ts',
          'src/misc/helper.ts:1 → src/engine/types.ts',
          'src/scanners/contract.ts:1 → src/scanners/secrets/rule.ts',
          'src/scanners/secrets/scanner.ts:1 → src/engine/types.ts',
          'src/scanners/workflows/check.ts:1 → src/scanners/dependencies/advisories/check.ts',
        ].sort(),
      );
    });
  });
});
