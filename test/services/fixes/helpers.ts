import type { Finding } from '../../../src/core/findings.js';
import { blobSha } from '../../fakes/github/git.js';
import type { RepoSnapshot } from '../../../src/services/fixes/types.js';
import { withBase62Crc32Checksum } from '../../../src/scanners/secrets/checksums.js';

const b64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Token-shaped values, assembled at run time: no test file holds one whole. */
export const SECRETS = Object.freeze({
  aws: ['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join(''),
  aws2: ['AKIA', 'Z7RMK2WQ5TXB3NVH'].join(''),
  github: withBase62Crc32Checksum('gh' + 'p_', 'Zq8vN3kLw2Xp7RtY4mBc9HdF6jGs1a'),
  slack: ['xox', 'b-', '2468013579-1357924680-', 'Qw8Er5Ty2Ui9Op4As7Df1Gh3'].join(''),
  jwt: [b64url({ alg: 'HS256', typ: 'JWT' }), b64url({ sub: 'user-42', role: 'admin' }), ['Zk3Lq9Wv2Rt7Yp4Mn8', 'Bx1Hc6Jd5Gs0Af3Ke9Tu2Qw7'].join('')].join('.'),
});

/** A repository held in memory, read the way the pull-request opener reads GitHub. */
export function memorySnapshot(files: Readonly<Record<string, string | Buffer>>, ref = 'main'): RepoSnapshot {
  const bytes = new Map(Object.entries(files).map(([path, content]) => [path, Buffer.from(content)] as const));
  return {
    ref,
    read: (path) => {
      const content = bytes.get(path);
      return Promise.resolve(content === undefined ? undefined : { content, sha: blobSha(content) });
    },
    rootNames: () => Promise.resolve([...new Set([...bytes.keys()].map((p) => p.split('/')[0] ?? p))]),
  };
}

export function findingAt(title: string, path: string, line: number, column?: number, extra: Partial<Finding> = {}): Finding {
  return {
    id: 'SEC-TEST01',
    category: 'secrets',
    severity: 'HIGH',
    title,
    description: 'A credential is committed.',
    evidence: `${title}: [REDACTED]`,
    location: { target: 'acme/app', path, line, ...(column === undefined ? {} : { column }), url: null, method: null },
    scanner_name: 'secrets',
    remediation: 'Rotate it.',
    confidence: 0.9,
    owasp_categories: ['A07:2021'],
    ...extra,
  };
}
