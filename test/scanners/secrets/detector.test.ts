import { describe, expect, it } from 'vitest';
import { KeywordMatcher } from '../../../src/scanners/secrets/keywords.js';
import { gitignoreIgnoresEnv, scanRepositoryHygiene, committedEnvFile } from '../../../src/scanners/secrets/hygiene.js';
import { hasBase62Crc32Checksum, withBase62Crc32Checksum } from '../../../src/scanners/secrets/checksums.js';
import { createSecretsScanner } from '../../../src/scanners/secrets/scanner.js';
import { nestedRepetition } from '../../helpers/regex-safety.js';

const AWS = ['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('');
const GH = withBase62Crc32Checksum('gh' + 'p_', 'Zq8vN3kLw2Xp7RtY4mBc9HdF6jGs1a');
const scanner = createSecretsScanner();
const scan = (text: string, path = 'src/app.ts') => scanner.scanFile({ path, text });

describe('keyword automaton', () => {
  it('finds every occurrence, overlapping and case-insensitive, with offsets', () => {
    const hits: string[] = [];
    const m = new KeywordMatcher(['he', 'she', 'hers', 'akia']);
    m.scan('USHERS and AKIA', (keyword, offset) => hits.push(`${keyword}@${offset}`));
    expect(hits).toEqual(['1@1', '0@2', '2@2', '3@11']);
  });

  it('on long texts (walked from both ends at once) reports what a naive search does, in order of where each ends', () => {
    const keywords = ['he', 'she', 'hers', 'akia', 'password', 'pass', '://', 'a'.repeat(12)];
    const m = new KeywordMatcher(keywords);
    // Pseudo-random text over a small alphabet so that keywords occur often, straddle the middle and overlap.
    let seed = 7;
    const alphabet = 'heRSa:/é\n';
    for (const length of [1023, 1024, 1025, 4096, 9999]) {
      let text = '';
      for (let i = 0; i < length; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        text += alphabet[seed % alphabet.length];
      }
      // Put keywords exactly across the middle, where the two walks meet.
      const mid = length >> 1;
      text = text.slice(0, mid - 4) + 'PASSWORD' + text.slice(mid + 4, mid + 20) + 'a'.repeat(12) + text.slice(mid + 32);
      const naive: string[] = [];
      const lower = text.toLowerCase();
      for (let end = 1; end <= lower.length; end++) {
        keywords.forEach((k, index) => {
          if (end >= k.length && lower.slice(end - k.length, end) === k) naive.push(`${index}@${end - k.length}`);
        });
      }
      const hits: string[] = [];
      m.scan(text, (keyword, offset) => hits.push(`${keyword}@${offset}`));
      expect(hits.map((h) => h.split('@')[1]).length).toBeGreaterThan(10);
      // Same set; order by end offset (keywords ending at one place may come in either order).
      const byEnd = (list: string[]) =>
        [...list].sort((x, y) => {
          const [kx, ox] = x.split('@').map(Number) as [number, number];
          const [ky, oy] = y.split('@').map(Number) as [number, number];
          return ox + (keywords[kx] as string).length - (oy + (keywords[ky] as string).length) || kx - ky;
        });
      expect(byEnd(hits)).toEqual(byEnd(naive));
      const ends = hits.map((h) => {
        const [k, o] = h.split('@').map(Number) as [number, number];
        return o + (keywords[k] as string).length;
      });
      expect(ends).toEqual([...ends].sort((x, y) => x - y));
    }
  });
});

describe('secrets detector', () => {
  it('reports line, column and a redacted evidence line', () => {
    const [f] = scan(`// config\nconst key = "${AWS}";\n`);
    expect(f).toMatchObject({ ruleId: 'aws-access-key-id', line: 2, column: 14, secret: AWS });
    expect(f?.evidence).toBe('AWS access key: const key = "[REDACTED]";');
  });

  it('redacts every secret on the evidence line, not only its own', () => {
    const findings = scan(`creds = { id: "${AWS}", gh: "${GH}" }`);
    expect(findings).toHaveLength(2);
    for (const f of findings) {
      expect(f.evidence).not.toContain(AWS);
      expect(f.evidence).not.toContain(GH);
    }
  });

  it('lowers confidence under test and fixture paths without going silent', () => {
    const normal = scan(`k = "${AWS}"`)[0]?.confidence ?? 0;
    const test = scan(`k = "${AWS}"`, 'test/fixtures/keys.ts')[0]?.confidence ?? 0;
    expect(test).toBeGreaterThan(0);
    expect(test).toBeLessThan(normal);
  });

  it('finds a key in the middle of a very long minified line', () => {
    const filler = 'a=1;'.repeat(50_000);
    const [f] = scan(`${filler}var k="${AWS}";${filler}`);
    expect(f?.secret).toBe(AWS);
    expect(f?.evidence.length).toBeLessThan(300);
  });

  it('finds a private key written on one line with escaped \\r\\n', () => {
    const body = 'MIIEowIBAAKCAQEAu3Zq9fXk2Lw8Vn5Rt7Yp1Hc4Jd6Ks0Ma9Qe2Ux5Wb7Nz3Gh8Tv1Lp4Ry6Fk2Sd9Ao5Ci3Xm7Bn0Ew8Qj4Hr6Gt2';
    const text = `{"key": "-----BEGIN RSA ${'PRIVATE'} KEY-----\\r\\n${body}\\r\\n${body}\\r\\n-----END RSA PRIVATE KEY-----\\r\\n"}`;
    expect(scan(text).map((f) => f.ruleId)).toContain('private-key');
  });

  it('rejects GitHub tokens whose checksum does not match', () => {
    expect(hasBase62Crc32Checksum(GH)).toBe(true);
    expect(scan(`t = "${GH}"`).map((f) => f.ruleId)).toEqual(['github-token']);
    const broken = GH.slice(0, -1) + (GH.endsWith('A') ? 'B' : 'A');
    expect(scan(`t = "${broken}"`)).toEqual([]);
  });

  it('ignores documented examples, placeholders and references', () => {
    for (const text of [`k = "AKIA${'IOSFODNN7EXAMPLE'}"`, 'password = "${DB_PASSWORD}"', 'api_key = "<your-api-key>"', 'token = process.env.GITHUB_TOKEN', 'secret = "xxxxxxxxxxxxxxxx"']) {
      expect(scan(text), text).toEqual([]);
    }
  });

  it('keeps the generic rule quiet where a specific rule matched the same value', () => {
    expect(scan(`github_token = "${GH}"`).map((f) => f.ruleId)).toEqual(['github-token']);
  });
});

describe('the regex safety check', () => {
  it('reports nested repetition and accepts bounded, flat patterns', () => {
    // vigil-ignore: regex-catastrophic-backtracking (the unsafe pattern is the point of this test)
    expect(nestedRepetition(/(a+)+b/)).toBeDefined();
    expect(nestedRepetition(/(?:\w{1,9}\s?)*x/)).toBeDefined();
    expect(nestedRepetition(/(?<![a-z])(?<secret>ab[0-9]{4,8})(?:-x)?/)).toBeUndefined();
  });
});

describe('dotenv hygiene', () => {
  it('reports a committed .env with assignments, not templates or empty files', () => {
    expect(committedEnvFile('.env', 'A=1\n')?.title).toBe('Committed .env file');
    expect(committedEnvFile('config/.env.production', '# c\nexport B=2\n')?.line).toBe(2);
    expect(committedEnvFile('.env.example', 'A=1\n')).toBeUndefined();
    expect(committedEnvFile('.env.sample', 'A=1\n')).toBeUndefined();
    expect(committedEnvFile('.env', '# nothing\n')).toBeUndefined();
    expect(committedEnvFile('src/environment.ts', 'A=1')).toBeUndefined();
  });

  it.each([
    ['.env\n', true],
    ['.env*\n!.env.example\n', true],
    ['*.env\n', true],
    ['/.env\n', true],
    ['**/.env\n', true],
    ['.env.local\n', false],
    ['.env\n!.env\n', false],
    ['config/.env\n', false],
    ['.env/\n', false],
    ['# .env\nnode_modules\n', false],
  ])('reads %j as ignoring .env: %s', (gitignore, ignored) => {
    expect(gitignoreIgnoresEnv(gitignore)).toBe(ignored);
  });

  const files = (map: Record<string, string>) => ({ paths: Object.keys(map), read: (p: string) => Promise.resolve(map[p]) });

  it('reports ".env not in .gitignore" at .gitignore when the repository uses dotenv', async () => {
    const [f] = await scanRepositoryHygiene(files({ '.env.example': 'A=\n', '.gitignore': 'node_modules\n' }));
    expect(f).toMatchObject({ title: '.env not in .gitignore', path: '.gitignore', line: 1 });
    const viaDependency = await scanRepositoryHygiene(files({ 'package.json': '{"dependencies":{"dotenv":"^16"}}' }));
    expect(viaDependency[0]?.evidence).toMatch(/no .gitignore/);
  });

  it('reports committed PKCS#12 key stores by name, from the binary files the workspace skipped', async () => {
    const found = await scanRepositoryHygiene({ ...files({ 'README.md': 'x' }), binaryPaths: ['certs/server.p12', 'assets/logo.png', 'deploy/Signing.PFX'] });
    expect(found.map((f) => [f.ruleId, f.path, f.severity])).toEqual([
      ['committed-key-store', 'certs/server.p12', 'HIGH'],
      ['committed-key-store', 'deploy/Signing.PFX', 'HIGH'],
    ]);
    expect(await scanRepositoryHygiene({ ...files({ 'a.p12.txt': 'x' }), binaryPaths: ['keys.p12.bak', 'store.jks'] })).toEqual([]);
  });

  it('is quiet when .env is ignored or dotenv is not used', async () => {
    expect(await scanRepositoryHygiene(files({ '.env.example': 'A=\n', '.gitignore': '.env*\n' }))).toEqual([]);
    expect(await scanRepositoryHygiene(files({ 'src/a.ts': 'x', '.gitignore': 'dist\n' }))).toEqual([]);
  });
});

describe('encoded blobs', () => {
  // Built at run time: a 44-character IBM-shaped value and random-looking base64 around it.
  const candidate = ['j4wa9wT9wJeSPUlz1bMDAs', 'JUYoPIujgIzGFuw-BkUwC2'].join('');
  const filler = (n: number, seed: number) => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let s = '';
    let x = seed;
    for (let i = 0; i < n; i++) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      s += alphabet[x % 62];
    }
    return s;
  };

  it('does not report token-shaped pieces of a long base64 run, even with context words in it', () => {
    const blob = `{"hashes":"${filler(300, 1)}ibmIAMapikey${filler(100, 2)}+${candidate}+${filler(300, 3)}"}\n`;
    expect(scan(blob, 'data/table.json').filter((f) => f.ruleId === 'ibm-cloud-api-key')).toEqual([]);
  });

  it('still reports the same value assigned on its own', () => {
    expect(scan(`IBMCLOUD_API_KEY=${candidate}\n`, '.env').map((f) => f.ruleId)).toContain('ibm-cloud-api-key');
  });

  it('still reports a long JWT, whose own length is not a blob', () => {
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const jwt = [part({ alg: 'HS256', typ: 'JWT' }), part({ sub: '1234567890', name: 'A'.repeat(10), scope: filler(300, 4), iat: 1516239022 }), filler(43, 5)].join('.');
    expect(scan(`const token = "${jwt}";\n`).map((f) => f.ruleId)).toContain('jwt');
  });
});
