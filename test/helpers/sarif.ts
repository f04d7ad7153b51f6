/**
 * SARIF checks for tests: the official OASIS SARIF 2.1.0 schema (vendored under
 * test/fixtures/sarif), Microsoft's rtm.5 schema from @microsoft/jest-sarif, and
 * the requirements GitHub code scanning documents for uploads ("SARIF support for
 * code scanning": required properties and upload limits).
 */
import { createRequire } from 'node:module';
import type { Options, ValidateFunction } from 'ajv-draft-04';

const require = createRequire(import.meta.url);
// ajv-draft-04 is CommonJS; its class is the `default` property.
const { default: Ajv } = require('ajv-draft-04') as { default: new (options: Options) => { compile(schema: object): ValidateFunction } };
const ajvOptions: Options = { allErrors: true, strict: false, unicodeRegExp: false, logger: false };

const SCHEMAS = {
  oasis: require('../fixtures/sarif/sarif-schema-2.1.0.json') as object,
  'rtm.5': require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json') as object,
};

const validators = Object.entries(SCHEMAS).map(([name, schema]) => ({ name, validate: new Ajv(ajvOptions).compile(schema) }));

/** Schema violations of a log against both schemas, as "schema: path message" lines; empty when valid. */
export function sarifSchemaErrors(log: unknown): string[] {
  const errors: string[] = [];
  for (const { name, validate } of validators) {
    if (validate(log)) continue;
    for (const e of validate.errors ?? []) errors.push(`${name}: ${e.instancePath} ${e.message ?? ''}`);
  }
  return errors;
}

/** GitHub's documented upload limits. */
export const GITHUB_LIMITS = Object.freeze({ runs: 20, resultsPerRun: 25_000, rulesPerRun: 25_000, locationsPerResult: 1_000, tagsPerRule: 20 });

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const nonEmpty = (v: unknown): boolean => typeof v === 'string' && v.trim() !== '';

function ruleProblems(rule: unknown, where: string): string[] {
  if (!isObject(rule)) return [`${where} is not an object`];
  const problems: string[] = [];
  if (!nonEmpty(rule.id)) problems.push(`${where}.id is missing`);
  const props = isObject(rule.properties) ? rule.properties : {};
  const severity = props['security-severity'];
  if (severity !== undefined) {
    const value = typeof severity === 'string' && /^\d+(\.\d+)?$/.test(severity) ? Number(severity) : NaN;
    if (!(value >= 0 && value <= 10)) problems.push(`${where}.properties.security-severity must be a string holding a number from 0.0 to 10.0`);
  }
  if (list(props.tags).length > GITHUB_LIMITS.tagsPerRule) problems.push(`${where} has more than ${GITHUB_LIMITS.tagsPerRule} tags`);
  return problems;
}

function locationProblems(location: unknown, where: string, relative: boolean): string[] {
  const physical = isObject(location) && isObject(location.physicalLocation) ? location.physicalLocation : undefined;
  if (physical === undefined) return [`${where}.physicalLocation is missing`];
  const uri = isObject(physical.artifactLocation) ? physical.artifactLocation.uri : undefined;
  if (!nonEmpty(uri)) return [`${where}.physicalLocation.artifactLocation.uri is missing`];
  if (!relative) return [];
  const problems: string[] = [];
  if (/^[a-z][a-z0-9+.-]*:/i.test(String(uri)) || String(uri).startsWith('/')) problems.push(`${where} uri "${String(uri)}" is not relative to the repository root`);
  const region = isObject(physical.region) ? physical.region : undefined;
  if (!region || !Number.isInteger(region.startLine) || (region.startLine as number) < 1) problems.push(`${where}.physicalLocation.region.startLine must be an integer >= 1`);
  if (region?.startColumn !== undefined && (!Number.isInteger(region.startColumn) || (region.startColumn as number) < 1)) {
    problems.push(`${where}.physicalLocation.region.startColumn must be an integer >= 1`);
  }
  return problems;
}

function resultProblems(result: unknown, where: string, ruleIds: readonly string[], relative: boolean): string[] {
  if (!isObject(result)) return [`${where} is not an object`];
  const problems: string[] = [];
  if (!nonEmpty(result.ruleId)) problems.push(`${where}.ruleId is missing`);
  else if (!ruleIds.includes(String(result.ruleId))) problems.push(`${where}.ruleId "${String(result.ruleId)}" names no rule of tool.driver.rules`);
  if (result.ruleIndex !== undefined && ruleIds[result.ruleIndex as number] !== result.ruleId) problems.push(`${where}.ruleIndex does not point at its rule`);
  if (!isObject(result.message) || !nonEmpty(result.message.text)) problems.push(`${where}.message.text is missing`);
  const locations = list(result.locations);
  if (locations.length < 1 || locations.length > GITHUB_LIMITS.locationsPerResult) problems.push(`${where}.locations must hold 1 to ${GITHUB_LIMITS.locationsPerResult} locations`);
  locations.forEach((l, i) => problems.push(...locationProblems(l, `${where}.locations[${i}]`, relative)));
  if (result.partialFingerprints !== undefined) {
    const prints = isObject(result.partialFingerprints) ? Object.values(result.partialFingerprints) : [null];
    if (!prints.every((p) => typeof p === 'string')) problems.push(`${where}.partialFingerprints values must be strings`);
  }
  return problems;
}

/**
 * What would keep GitHub code scanning from accepting or placing the log. `relative`:
 * results must sit in repository files (relative URIs with a line region), as a
 * repository scan's results do; API-scan results name URLs instead.
 */
export function githubCodeScanningProblems(log: unknown, options: { relative: boolean } = { relative: true }): string[] {
  if (!isObject(log)) return ['the log is not an object'];
  const problems: string[] = [];
  if (log.version !== '2.1.0') problems.push('version must be "2.1.0"');
  if (!nonEmpty(log.$schema)) problems.push('$schema is missing');
  const runs = list(log.runs);
  if (runs.length < 1 || runs.length > GITHUB_LIMITS.runs) problems.push(`runs must hold 1 to ${GITHUB_LIMITS.runs} runs`);
  runs.forEach((run, r) => {
    const driver = isObject(run) && isObject(run.tool) && isObject(run.tool.driver) ? run.tool.driver : undefined;
    if (!driver || !nonEmpty(driver.name)) problems.push(`runs[${r}].tool.driver.name is missing`);
    const rules = list(driver?.rules);
    if (rules.length > GITHUB_LIMITS.rulesPerRun) problems.push(`runs[${r}] has more than ${GITHUB_LIMITS.rulesPerRun} rules`);
    rules.forEach((rule, i) => problems.push(...ruleProblems(rule, `runs[${r}].tool.driver.rules[${i}]`)));
    const ruleIds = rules.map((rule) => (isObject(rule) ? String(rule.id) : ''));
    const results = list(isObject(run) ? run.results : undefined);
    if (results.length > GITHUB_LIMITS.resultsPerRun) problems.push(`runs[${r}] has more than ${GITHUB_LIMITS.resultsPerRun} results`);
    results.forEach((result, i) => problems.push(...resultProblems(result, `runs[${r}].results[${i}]`, ruleIds, options.relative)));
  });
  return problems;
}
