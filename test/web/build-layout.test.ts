import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('build layout', () => {
  it('keeps the service build out of dist/web, which vite build empties', () => {
    const build = JSON.parse(readFileSync(`${ROOT}tsconfig.build.json`, 'utf8')) as { compilerOptions: { rootDir: string; outDir: string } };
    expect(build.compilerOptions).toMatchObject({ rootDir: 'src', outDir: 'dist' });
    // src/web/** would compile to dist/web/** and be deleted by the dashboard build.
    expect(existsSync(`${ROOT}src/web`)).toBe(false);
    const vite = readFileSync(`${ROOT}vite.config.ts`, 'utf8');
    expect(vite).toContain("outDir: fileURLToPath(new URL('./dist/web/', import.meta.url))");
    const scripts = (JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts;
    // The service is compiled (and its scanner modules bundled in place, under dist/scanners) before
    // the dashboard build, which only writes dist/web.
    const steps = (scripts.build ?? '').split('&&').map((step) => step.trim());
    expect(steps[0]).toBe('tsc -p tsconfig.build.json');
    expect(steps.at(-1)).toBe('vite build');
    expect(steps.slice(1, -1)).toEqual(['tsx scripts/bundle-scanners.ts']);
  });
});
