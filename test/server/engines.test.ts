import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', ROOT), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('Node versions', () => {
  // npm ci warns (EBADENGINE) when an installed package asks for a newer Node than the one
  // running; every Node the project declares must satisfy every locked package.
  it('every locked package accepts the lowest Node the project declares', () => {
    const lowest = semver.minVersion(manifest.engines.node);
    expect(lowest).not.toBeNull();
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (path === '' || Array.isArray(entry.engines)) continue;
      const range = entry.engines?.node;
      if (range === undefined) continue;
      if (!semver.satisfies(lowest!.version, range, { includePrerelease: true })) refused.push(`${path}@${entry.version ?? '?'} needs node ${range}`);
    }
    expect(refused).toEqual([]);
  });

  it('the running Node is one the project declares', () => {
    expect(semver.satisfies(process.version, manifest.engines.node)).toBe(true);
  });
});
