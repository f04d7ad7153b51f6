/** Every dependency extractor, in the order the docs list them. A path is read by the first whose `matches` accepts it. */
import { extractor as packageJson } from './package-json/index.js';
import { extractor as packageLock } from './package-lock/index.js';
import { extractor as yarnLock } from './yarn-lock/index.js';
import { extractor as pnpmLock } from './pnpm-lock/index.js';
import { extractor as bunLock } from './bun-lock/index.js';
import { extractor as requirementsTxt } from './requirements-txt/index.js';
import { extractor as pipfile } from './pipfile/index.js';
import { extractor as pipfileLock } from './pipfile-lock/index.js';
import { extractor as poetryLock } from './poetry-lock/index.js';
import { extractor as uvLock } from './uv-lock/index.js';
import { extractor as pyprojectToml } from './pyproject-toml/index.js';
import { extractor as goMod } from './go-mod/index.js';
import { extractor as cargoToml } from './cargo-toml/index.js';
import { extractor as cargoLock } from './cargo-lock/index.js';
import { extractor as gemfile } from './gemfile/index.js';
import { extractor as gemfileLock } from './gemfile-lock/index.js';
import { extractor as composerJson } from './composer-json/index.js';
import { extractor as composerLock } from './composer-lock/index.js';
import { extractor as pomXml } from './pom-xml/index.js';
import { extractor as gradleLockfile } from './gradle-lockfile/index.js';
import { extractor as packagesLockJson } from './packages-lock-json/index.js';
import type { Extractor } from '../types.js';

export const EXTRACTORS: readonly Extractor[] = Object.freeze([
  packageJson,
  packageLock,
  yarnLock,
  pnpmLock,
  bunLock,
  requirementsTxt,
  pipfile,
  pipfileLock,
  poetryLock,
  uvLock,
  pyprojectToml,
  goMod,
  cargoToml,
  cargoLock,
  gemfile,
  gemfileLock,
  composerJson,
  composerLock,
  pomXml,
  gradleLockfile,
  packagesLockJson,
]);
