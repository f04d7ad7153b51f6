/**
 * Bundler manifests (`Gemfile`, `gems.rb`), read line by line without running Ruby.
 *
 * - `gem "name", "~> 1.2", ">= 1.2.3"` → `requirement` (`~> 1.2, >= 1.2.3`); a single
 *   exact constraint (`"1.2.3"`, `"= 1.2.3"`) is also the `version`.
 * - `git:`/`github:` → git, `path:` → path, `source:` → `resolved` (other gem server).
 * - Gems only in `development`/`test` groups (a `group … do` block or a `group:`/`groups:`
 *   option) are `dev: true`. Other blocks (`platforms`, `if`, …) are tracked so `end`
 *   closes the right one. Gems declared across several lines keep only their first line.
 */
import type { ExtractedPackage, ExtractResult, Extractor, PackageSourceKind } from '../../types.js';
import { named } from '../shared.js';

const MAX_LINE = 4096;
const DEV_GROUPS = new Set(['development', 'test', 'dev']);
const GEM = /^gem\s*\(?\s*(["'])([A-Za-z0-9][A-Za-z0-9._-]*)\1(.*)$/;
const STRING_ARG = /^\s*,\s*(["'])([^"']*)\1/;
const GROUP_BLOCK = /^group\s*\(?(.*?)\)?\s+do\b/;
const BLOCK_START = /(?:\bdo(?:\s*\|[^|]*\|)?\s*$)|^(?:if|unless|case|while|until|begin|def|class|module)\b/;

function symbols(text: string): string[] {
  return [...text.matchAll(/:(\w+)\b(?!\s*(?:=>|:))|["'](\w+)["']/g)].map((m) => m[1] ?? m[2] ?? '');
}

function option(rest: string, key: string): string | undefined {
  const match = new RegExp(`(?:\\b${key}:|:${key}\\s*=>)\\s*(["'])([^"']*)\\1`).exec(rest);
  return match?.[2];
}

function groupsOption(rest: string): string[] | undefined {
  const match = /(?:\bgroups?:|:groups?\s*=>)\s*(\[[^\]]*\]|%i\[[^\]]*\]|:\w+)/.exec(rest);
  if (!match?.[1]) return undefined;
  return match[1].startsWith('%i[') ? match[1].slice(3, -1).trim().split(/\s+/) : symbols(match[1]);
}

function sourceOf(rest: string): { source: PackageSourceKind; resolved?: string } {
  const git = option(rest, 'git');
  if (git) return { source: 'git', resolved: git };
  const github = option(rest, 'github');
  if (github) return { source: 'git', resolved: `https://github.com/${github}.git` };
  if (option(rest, 'path')) return { source: 'path' };
  const server = option(rest, 'source');
  return { source: 'registry', ...(server ? { resolved: server } : {}) };
}

function parseGem(path: string, line: number, text: string, blockGroups: readonly string[]): ExtractedPackage | undefined {
  const match = GEM.exec(text);
  if (!match?.[2]) return undefined;
  let rest = match[3] ?? '';
  const constraints: string[] = [];
  for (let arg = STRING_ARG.exec(rest); arg !== null; arg = STRING_ARG.exec(rest)) {
    constraints.push((arg[2] ?? '').trim());
    rest = rest.slice(arg[0].length);
  }
  const groups = groupsOption(rest) ?? blockGroups;
  const requirement = constraints.filter((c) => c.length > 0).join(', ');
  const exact = constraints.length === 1 ? /^(?:=\s*)?(\d[0-9A-Za-z.]*)$/.exec(requirement)?.[1] : undefined;
  return {
    ecosystem: 'RubyGems', name: match[2], direct: true, path, line,
    dev: groups.length > 0 && groups.every((g) => DEV_GROUPS.has(g)),
    ...sourceOf(rest),
    ...(exact ? { version: exact } : {}),
    ...(requirement ? { requirement } : {}),
  };
}

export const extractor: Extractor = {
  id: 'gemfile',
  docs: {
    files: '`Gemfile`, `gems.rb`',
    notes: 'constraints, groups, git/github/path/source options',
  },
  ecosystem: 'RubyGems',
  ...named('Gemfile', 'gems.rb'),
  extract(path: string, text: string): ExtractResult {
    const packages: ExtractedPackage[] = [];
    const warnings: string[] = [];
    const blocks: (readonly string[] | undefined)[] = [];
    for (const [index, raw] of text.split('\n').entries()) {
      const line = raw.slice(0, MAX_LINE).replace(/\s+#.*$/, '').trim();
      if (line.length === 0 || line.startsWith('#')) continue;
      const groupBlock = GROUP_BLOCK.exec(line);
      if (groupBlock) {
        blocks.push(symbols(groupBlock[1] ?? ''));
      } else if (/^end\b/.test(line)) {
        if (blocks.length === 0) warnings.push(`${path}:${index + 1}: "end" without a block`);
        blocks.pop();
      } else if (/^gem\b/.test(line)) {
        const current = blocks.findLast((b) => b !== undefined) ?? [];
        const pkg = parseGem(path, index + 1, line, current);
        if (pkg) packages.push(pkg);
        else warnings.push(`${path}:${index + 1}: cannot parse gem declaration`);
      } else if (BLOCK_START.test(line)) {
        blocks.push(undefined);
      }
    }
    return { kind: 'manifest', packages, warnings };
  },
  // One exact constraint is also the version; gems only in development/test groups are dev.
  examples: [{ path: 'Gemfile', text: 'source \'https://rubygems.org\'\n\ngem \'rails\', \'7.1.3\'\ngem \'puma\', \'~> 6.4\'\n\ngroup :development, :test do\n  gem \'rspec-rails\'\nend\n', packages: ['rails@7.1.3 direct prod line 3', 'puma direct prod line 4', 'rspec-rails direct dev line 7'] }],
};
