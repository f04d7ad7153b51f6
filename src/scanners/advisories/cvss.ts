/**
 * CVSS base scores from vector strings, for versions 2.0, 3.0, 3.1 and 4.0, written
 * from FIRST's specifications:
 *
 * - v2.0: "A Complete Guide to the Common Vulnerability Scoring System Version 2.0",
 *   section 3.2.1 (base equation), scores rounded to one decimal.
 * - v3.0 / v3.1: the specification documents, section 7 (equations) and 7.4 (metric
 *   weights). v3.0's Roundup is "the smallest number, to one decimal place, equal to
 *   or higher than its input", computed (as FIRST's v3.0 calculator does) as
 *   ceil(x × 10) / 10 in binary floating point; v3.1 replaced it with the integer
 *   Roundup of its Appendix A, which is immune to results such as 4.000000000000001.
 * - v4.0: the specification document, section 8 (MacroVectors, equivalence sets
 *   EQ1–EQ6, the expert-ranked MacroVector score table and the interpolation by
 *   severity distance), scored the way FIRST's official calculator scores it,
 *   including its IEEE-754 arithmetic order and round-half-up to one decimal.
 *
 * Only parsing and arithmetic: no I/O, never throws.
 */
import type { Severity } from '../../core/findings.js';

export type CvssVersion = '2.0' | '3.0' | '3.1' | '4.0';

type MetricTable = Readonly<Record<string, readonly string[]>>;

// ---------------------------------------------------------------------------
// Vector parsing (shared)
// ---------------------------------------------------------------------------

/**
 * Splits "K:V/K:V/…" into a map, checking every metric name and value against the
 * table and that every mandatory metric is present. undefined when malformed: an
 * empty component, a component that is not exactly "name:value", an unknown metric
 * or value, a metric given twice, or a missing mandatory metric. Metrics may come in
 * any order (v3.x explicitly allows it; for v2 and v4 the order is a "should").
 */
function parseMetrics(body: string, allowed: MetricTable, mandatory: readonly string[]): Map<string, string> | undefined {
  if (body === '') return undefined;
  const metrics = new Map<string, string>();
  for (const part of body.split('/')) {
    const colon = part.indexOf(':');
    if (colon <= 0 || colon !== part.lastIndexOf(':')) return undefined;
    const name = part.slice(0, colon);
    const value = part.slice(colon + 1);
    if (!Object.prototype.hasOwnProperty.call(allowed, name)) return undefined;
    if (!allowed[name]?.includes(value)) return undefined;
    if (metrics.has(name)) return undefined;
    metrics.set(name, value);
  }
  for (const name of mandatory) if (!metrics.has(name)) return undefined;
  return metrics;
}

/** The value of a metric known to be present (mandatory and validated). */
function req(metrics: ReadonlyMap<string, string>, name: string): string {
  return metrics.get(name) ?? '';
}

/** A weight from a table whose keys were already validated. */
function weight(table: Readonly<Record<string, number>>, key: string): number {
  return table[key] ?? Number.NaN;
}

// ---------------------------------------------------------------------------
// CVSS v2.0
// ---------------------------------------------------------------------------

const V2_METRICS: MetricTable = {
  // Base
  AV: ['L', 'A', 'N'],
  AC: ['H', 'M', 'L'],
  Au: ['M', 'S', 'N'],
  C: ['N', 'P', 'C'],
  I: ['N', 'P', 'C'],
  A: ['N', 'P', 'C'],
  // Temporal
  E: ['U', 'POC', 'F', 'H', 'ND'],
  RL: ['OF', 'TF', 'W', 'U', 'ND'],
  RC: ['UC', 'UR', 'C', 'ND'],
  // Environmental
  CDP: ['N', 'L', 'LM', 'MH', 'H', 'ND'],
  TD: ['N', 'L', 'M', 'H', 'ND'],
  CR: ['L', 'M', 'H', 'ND'],
  IR: ['L', 'M', 'H', 'ND'],
  AR: ['L', 'M', 'H', 'ND'],
};
const V2_BASE = ['AV', 'AC', 'Au', 'C', 'I', 'A'] as const;

const V2_AV: Readonly<Record<string, number>> = { L: 0.395, A: 0.646, N: 1.0 };
const V2_AC: Readonly<Record<string, number>> = { H: 0.35, M: 0.61, L: 0.71 };
const V2_AU: Readonly<Record<string, number>> = { M: 0.45, S: 0.56, N: 0.704 };
const V2_CIA: Readonly<Record<string, number>> = { N: 0.0, P: 0.275, C: 0.66 };

function v2BaseScore(m: ReadonlyMap<string, string>): number {
  const impact = 10.41 * (1 - (1 - weight(V2_CIA, req(m, 'C'))) * (1 - weight(V2_CIA, req(m, 'I'))) * (1 - weight(V2_CIA, req(m, 'A'))));
  const exploitability = 20 * weight(V2_AV, req(m, 'AV')) * weight(V2_AC, req(m, 'AC')) * weight(V2_AU, req(m, 'Au'));
  const fImpact = impact === 0 ? 0 : 1.176;
  return roundHalfUp1((0.6 * impact + 0.4 * exploitability - 1.5) * fImpact);
}

// ---------------------------------------------------------------------------
// CVSS v3.0 / v3.1
// ---------------------------------------------------------------------------

const V3_METRICS: MetricTable = {
  // Base
  AV: ['N', 'A', 'L', 'P'],
  AC: ['L', 'H'],
  PR: ['N', 'L', 'H'],
  UI: ['N', 'R'],
  S: ['U', 'C'],
  C: ['H', 'L', 'N'],
  I: ['H', 'L', 'N'],
  A: ['H', 'L', 'N'],
  // Temporal
  E: ['X', 'H', 'F', 'P', 'U'],
  RL: ['X', 'U', 'W', 'T', 'O'],
  RC: ['X', 'C', 'R', 'U'],
  // Environmental
  CR: ['X', 'H', 'M', 'L'],
  IR: ['X', 'H', 'M', 'L'],
  AR: ['X', 'H', 'M', 'L'],
  MAV: ['X', 'N', 'A', 'L', 'P'],
  MAC: ['X', 'L', 'H'],
  MPR: ['X', 'N', 'L', 'H'],
  MUI: ['X', 'N', 'R'],
  MS: ['X', 'U', 'C'],
  MC: ['X', 'H', 'L', 'N'],
  MI: ['X', 'H', 'L', 'N'],
  MA: ['X', 'H', 'L', 'N'],
};
const V3_BASE = ['AV', 'AC', 'PR', 'UI', 'S', 'C', 'I', 'A'] as const;

const V3_AV: Readonly<Record<string, number>> = { N: 0.85, A: 0.62, L: 0.55, P: 0.2 };
const V3_AC: Readonly<Record<string, number>> = { L: 0.77, H: 0.44 };
const V3_PR_UNCHANGED: Readonly<Record<string, number>> = { N: 0.85, L: 0.62, H: 0.27 };
const V3_PR_CHANGED: Readonly<Record<string, number>> = { N: 0.85, L: 0.68, H: 0.5 };
const V3_UI: Readonly<Record<string, number>> = { N: 0.85, R: 0.62 };
const V3_CIA: Readonly<Record<string, number>> = { H: 0.56, L: 0.22, N: 0 };

/**
 * The v3 Roundup: "the smallest number, specified to one decimal place, that is equal
 * to or higher than its input". v3.0 computes it (as FIRST's v3.0 calculator does) as
 * ceil(x × 10) / 10 on the binary value, so 0.30000000000000004 (0.1 + 0.2) becomes 0.4;
 * v3.1's Appendix A works on round(x × 100 000) as an integer and gives 0.3. Exported
 * for tests and for later temporal/environmental scoring.
 */
export function cvssRoundUp(x: number, version: '3.0' | '3.1'): number {
  if (version === '3.0') return Math.ceil(x * 10) / 10;
  const intInput = Math.round(x * 100000);
  if (intInput % 10000 === 0) return intInput / 100000;
  return (Math.floor(intInput / 10000) + 1) / 10;
}

function v3BaseScore(m: ReadonlyMap<string, string>, version: '3.0' | '3.1'): number {
  const changed = req(m, 'S') === 'C';
  const pr = weight(changed ? V3_PR_CHANGED : V3_PR_UNCHANGED, req(m, 'PR'));
  const exploitability = 8.22 * weight(V3_AV, req(m, 'AV')) * weight(V3_AC, req(m, 'AC')) * pr * weight(V3_UI, req(m, 'UI'));
  const iss = 1 - (1 - weight(V3_CIA, req(m, 'C'))) * (1 - weight(V3_CIA, req(m, 'I'))) * (1 - weight(V3_CIA, req(m, 'A')));
  const impact = changed ? 7.52 * (iss - 0.029) - 3.25 * Math.pow(iss - 0.02, 15) : 6.42 * iss;
  if (impact <= 0) return 0;
  return cvssRoundUp(changed ? Math.min((impact + exploitability) * 1.08, 10) : Math.min(impact + exploitability, 10), version);
}

// ---------------------------------------------------------------------------
// CVSS v4.0
// ---------------------------------------------------------------------------

const V4_METRICS: MetricTable = {
  // Base
  AV: ['N', 'A', 'L', 'P'],
  AC: ['L', 'H'],
  AT: ['N', 'P'],
  PR: ['N', 'L', 'H'],
  UI: ['N', 'P', 'A'],
  VC: ['H', 'L', 'N'],
  VI: ['H', 'L', 'N'],
  VA: ['H', 'L', 'N'],
  SC: ['H', 'L', 'N'],
  SI: ['H', 'L', 'N'],
  SA: ['H', 'L', 'N'],
  // Threat
  E: ['X', 'A', 'P', 'U'],
  // Environmental
  CR: ['X', 'H', 'M', 'L'],
  IR: ['X', 'H', 'M', 'L'],
  AR: ['X', 'H', 'M', 'L'],
  MAV: ['X', 'N', 'A', 'L', 'P'],
  MAC: ['X', 'L', 'H'],
  MAT: ['X', 'N', 'P'],
  MPR: ['X', 'N', 'L', 'H'],
  MUI: ['X', 'N', 'P', 'A'],
  MVC: ['X', 'H', 'L', 'N'],
  MVI: ['X', 'H', 'L', 'N'],
  MVA: ['X', 'H', 'L', 'N'],
  MSC: ['X', 'H', 'L', 'N'],
  MSI: ['X', 'S', 'H', 'L', 'N'],
  MSA: ['X', 'S', 'H', 'L', 'N'],
  // Supplemental (no effect on the score)
  S: ['X', 'N', 'P'],
  AU: ['X', 'N', 'Y'],
  R: ['X', 'A', 'U', 'I'],
  V: ['X', 'D', 'C'],
  RE: ['X', 'L', 'M', 'H'],
  U: ['X', 'Clear', 'Green', 'Amber', 'Red'],
};
const V4_BASE = ['AV', 'AC', 'AT', 'PR', 'UI', 'VC', 'VI', 'VA', 'SC', 'SI', 'SA'] as const;

/**
 * Score of each MacroVector "EQ1 EQ2 EQ3 EQ4 EQ5 EQ6" (specification section 8.2,
 * the table published with FIRST's calculator). EQ3 = 2 only occurs with EQ6 = 1.
 */
const MACRO_VECTOR_SCORES: Readonly<Record<string, number>> = {
  '000000': 10, '000001': 9.9, '000010': 9.8, '000011': 9.5, '000020': 9.5, '000021': 9.2,
  '000100': 10, '000101': 9.6, '000110': 9.3, '000111': 8.7, '000120': 9.1, '000121': 8.1,
  '000200': 9.3, '000201': 9, '000210': 8.9, '000211': 8, '000220': 8.1, '000221': 6.8,
  '001000': 9.8, '001001': 9.5, '001010': 9.5, '001011': 9.2, '001020': 9, '001021': 8.4,
  '001100': 9.3, '001101': 9.2, '001110': 8.9, '001111': 8.1, '001120': 8.1, '001121': 6.5,
  '001200': 8.8, '001201': 8, '001210': 7.8, '001211': 7, '001220': 6.9, '001221': 4.8,
  '002001': 9.2, '002011': 8.2, '002021': 7.2, '002101': 7.9, '002111': 6.9, '002121': 5,
  '002201': 6.9, '002211': 5.5, '002221': 2.7,
  '010000': 9.9, '010001': 9.7, '010010': 9.5, '010011': 9.2, '010020': 9.2, '010021': 8.5,
  '010100': 9.5, '010101': 9.1, '010110': 9, '010111': 8.3, '010120': 8.4, '010121': 7.1,
  '010200': 9.2, '010201': 8.1, '010210': 8.2, '010211': 7.1, '010220': 7.2, '010221': 5.3,
  '011000': 9.5, '011001': 9.3, '011010': 9.2, '011011': 8.5, '011020': 8.5, '011021': 7.3,
  '011100': 9.2, '011101': 8.2, '011110': 8, '011111': 7.2, '011120': 7, '011121': 5.9,
  '011200': 8.4, '011201': 7, '011210': 7.1, '011211': 5.2, '011220': 5, '011221': 3,
  '012001': 8.6, '012011': 7.5, '012021': 5.2, '012101': 7.1, '012111': 5.2, '012121': 2.9,
  '012201': 6.3, '012211': 2.9, '012221': 1.7,
  '100000': 9.8, '100001': 9.5, '100010': 9.4, '100011': 8.7, '100020': 9.1, '100021': 8.1,
  '100100': 9.4, '100101': 8.9, '100110': 8.6, '100111': 7.4, '100120': 7.7, '100121': 6.4,
  '100200': 8.7, '100201': 7.5, '100210': 7.4, '100211': 6.3, '100220': 6.3, '100221': 4.9,
  '101000': 9.4, '101001': 8.9, '101010': 8.8, '101011': 7.7, '101020': 7.6, '101021': 6.7,
  '101100': 8.6, '101101': 7.6, '101110': 7.4, '101111': 5.8, '101120': 5.9, '101121': 5,
  '101200': 7.2, '101201': 5.7, '101210': 5.7, '101211': 5.2, '101220': 5.2, '101221': 2.5,
  '102001': 8.3, '102011': 7, '102021': 5.4, '102101': 6.5, '102111': 5.8, '102121': 2.6,
  '102201': 5.3, '102211': 2.1, '102221': 1.3,
  '110000': 9.5, '110001': 9, '110010': 8.8, '110011': 7.6, '110020': 7.6, '110021': 7,
  '110100': 9, '110101': 7.7, '110110': 7.5, '110111': 6.2, '110120': 6.1, '110121': 5.3,
  '110200': 7.7, '110201': 6.6, '110210': 6.8, '110211': 5.9, '110220': 5.2, '110221': 3,
  '111000': 8.9, '111001': 7.8, '111010': 7.6, '111011': 6.7, '111020': 6.2, '111021': 5.8,
  '111100': 7.4, '111101': 5.9, '111110': 5.7, '111111': 5.7, '111120': 4.7, '111121': 2.3,
  '111200': 6.1, '111201': 5.2, '111210': 5.7, '111211': 2.9, '111220': 2.4, '111221': 1.6,
  '112001': 7.1, '112011': 5.9, '112021': 3, '112101': 5.8, '112111': 2.6, '112121': 1.5,
  '112201': 2.3, '112211': 1.3, '112221': 0.6,
  '200000': 9.3, '200001': 8.7, '200010': 8.6, '200011': 7.2, '200020': 7.5, '200021': 5.8,
  '200100': 8.6, '200101': 7.4, '200110': 7.4, '200111': 6.1, '200120': 5.6, '200121': 3.4,
  '200200': 7, '200201': 5.4, '200210': 5.2, '200211': 4, '200220': 4, '200221': 2.2,
  '201000': 8.5, '201001': 7.5, '201010': 7.4, '201011': 5.5, '201020': 6.2, '201021': 5.1,
  '201100': 7.2, '201101': 5.7, '201110': 5.5, '201111': 4.1, '201120': 4.6, '201121': 1.9,
  '201200': 5.3, '201201': 3.6, '201210': 3.4, '201211': 1.9, '201220': 1.9, '201221': 0.8,
  '202001': 6.4, '202011': 5.1, '202021': 2, '202101': 4.7, '202111': 2.1, '202121': 1.1,
  '202201': 2.4, '202211': 0.9, '202221': 0.4,
  '210000': 8.8, '210001': 7.5, '210010': 7.3, '210011': 5.3, '210020': 6, '210021': 5,
  '210100': 7.3, '210101': 5.5, '210110': 5.9, '210111': 4, '210120': 4.1, '210121': 2,
  '210200': 5.4, '210201': 4.3, '210210': 4.5, '210211': 2.2, '210220': 2, '210221': 1.1,
  '211000': 7.5, '211001': 5.5, '211010': 5.8, '211011': 4.5, '211020': 4, '211021': 2.1,
  '211100': 6.1, '211101': 5.1, '211110': 4.8, '211111': 1.8, '211120': 2, '211121': 0.9,
  '211200': 4.6, '211201': 1.8, '211210': 1.7, '211211': 0.7, '211220': 0.8, '211221': 0.2,
  '212001': 5.3, '212011': 2.4, '212021': 1.4, '212101': 2.4, '212111': 1.2, '212121': 0.5,
  '212201': 1, '212211': 0.3, '212221': 0.1,
};

/** Metrics that take part in the severity distance, with each value's level (0.1 per step down). */
const V4_LEVELS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  AV: { N: 0.0, A: 0.1, L: 0.2, P: 0.3 },
  PR: { N: 0.0, L: 0.1, H: 0.2 },
  UI: { N: 0.0, P: 0.1, A: 0.2 },
  AC: { L: 0.0, H: 0.1 },
  AT: { N: 0.0, P: 0.1 },
  VC: { H: 0.0, L: 0.1, N: 0.2 },
  VI: { H: 0.0, L: 0.1, N: 0.2 },
  VA: { H: 0.0, L: 0.1, N: 0.2 },
  SC: { H: 0.1, L: 0.2, N: 0.3 },
  SI: { S: 0.0, H: 0.1, L: 0.2, N: 0.3 },
  SA: { S: 0.0, H: 0.1, L: 0.2, N: 0.3 },
  CR: { H: 0.0, M: 0.1, L: 0.2 },
  IR: { H: 0.0, M: 0.1, L: 0.2 },
  AR: { H: 0.0, M: 0.1, L: 0.2 },
  E: { U: 0.2, P: 0.1, A: 0.0 },
};

type Parts = Readonly<Record<string, string>>;
const parts = (s: string): Parts => Object.fromEntries(s.split('/').map((kv) => kv.split(':') as [string, string]));

/**
 * The highest-severity vectors of each equivalence-set level (specification
 * section 8.2): a vector is scored against the first combination that it does not
 * exceed in any metric. EQ3 and EQ6 are combined; EQ3 = 2 only pairs with EQ6 = 1.
 */
const MAX_EQ1: readonly (readonly Parts[])[] = [
  ['AV:N/PR:N/UI:N'],
  ['AV:A/PR:N/UI:N', 'AV:N/PR:L/UI:N', 'AV:N/PR:N/UI:P'],
  ['AV:P/PR:N/UI:N', 'AV:A/PR:L/UI:P'],
].map((l) => l.map(parts));
const MAX_EQ2: readonly (readonly Parts[])[] = [['AC:L/AT:N'], ['AC:H/AT:N', 'AC:L/AT:P']].map((l) => l.map(parts));
const MAX_EQ3_EQ6: readonly (readonly (readonly Parts[])[])[] = [
  [['VC:H/VI:H/VA:H/CR:H/IR:H/AR:H'], ['VC:H/VI:H/VA:L/CR:M/IR:M/AR:H', 'VC:H/VI:H/VA:H/CR:M/IR:M/AR:M']],
  [
    ['VC:L/VI:H/VA:H/CR:H/IR:H/AR:H', 'VC:H/VI:L/VA:H/CR:H/IR:H/AR:H'],
    [
      'VC:L/VI:H/VA:L/CR:H/IR:M/AR:H',
      'VC:L/VI:H/VA:H/CR:H/IR:M/AR:M',
      'VC:H/VI:L/VA:H/CR:M/IR:H/AR:M',
      'VC:H/VI:L/VA:L/CR:M/IR:H/AR:H',
      'VC:L/VI:L/VA:H/CR:H/IR:H/AR:M',
    ],
  ],
  [[], ['VC:L/VI:L/VA:L/CR:H/IR:H/AR:H']],
].map((byEq6) => byEq6.map((l) => l.map(parts)));
const MAX_EQ4: readonly (readonly Parts[])[] = [['SC:H/SI:S/SA:S'], ['SC:H/SI:H/SA:H'], ['SC:L/SI:L/SA:L']].map((l) => l.map(parts));
const MAX_EQ5: readonly (readonly Parts[])[] = [['E:A'], ['E:P'], ['E:U']].map((l) => l.map(parts));

/** Depth of each MacroVector (largest severity distance inside it, plus one), in steps of 0.1. */
const DEPTH_EQ1 = [1, 4, 5];
const DEPTH_EQ2 = [1, 2];
const DEPTH_EQ3_EQ6 = [
  [7, 6],
  [8, 8],
  [Number.NaN, 10],
];
const DEPTH_EQ4 = [6, 5, 4];

/**
 * The value a metric takes for scoring: a defined Modified metric overrides the base
 * metric; E, CR, IR and AR default to their worst case (A, H, H, H) when not defined.
 */
function v4Effective(m: ReadonlyMap<string, string>, name: string): string {
  const own = m.get(name);
  if (name === 'E' || name === 'CR' || name === 'IR' || name === 'AR') {
    return own === undefined || own === 'X' ? (name === 'E' ? 'A' : 'H') : own;
  }
  const modified = m.get(`M${name}`);
  if (modified !== undefined && modified !== 'X') return modified;
  return own ?? '';
}

function v4BaseScore(m: ReadonlyMap<string, string>): number {
  const v = (name: string) => v4Effective(m, name);
  const [AV, AC, AT, PR, UI, VC, VI, VA, SC, SI, SA] = V4_BASE.map(v) as [string, string, string, string, string, string, string, string, string, string, string];

  // No impact on any system: 0 whatever else holds.
  if ([VC, VI, VA, SC, SI, SA].every((x) => x === 'N')) return 0;

  // Equivalence sets EQ1–EQ6 (specification section 8.2).
  const eq1 = AV === 'N' && PR === 'N' && UI === 'N' ? 0 : (AV === 'N' || PR === 'N' || UI === 'N') && AV !== 'P' ? 1 : 2;
  const eq2 = AC === 'L' && AT === 'N' ? 0 : 1;
  const eq3 = VC === 'H' && VI === 'H' ? 0 : VC === 'H' || VI === 'H' || VA === 'H' ? 1 : 2;
  const eq4 = SI === 'S' || SA === 'S' ? 0 : SC === 'H' || SI === 'H' || SA === 'H' ? 1 : 2;
  const E = v('E');
  const eq5 = E === 'A' ? 0 : E === 'P' ? 1 : 2;
  const eq6 = (v('CR') === 'H' && VC === 'H') || (v('IR') === 'H' && VI === 'H') || (v('AR') === 'H' && VA === 'H') ? 0 : 1;

  const key = (e1: number, e2: number, e3: number, e4: number, e5: number, e6: number) => `${e1}${e2}${e3}${e4}${e5}${e6}`;
  // A MacroVector that does not exist scores NaN and is left out below.
  const lookup = (k: string) => MACRO_VECTOR_SCORES[k] ?? Number.NaN;
  const value = lookup(key(eq1, eq2, eq3, eq4, eq5, eq6));
  if (Number.isNaN(value)) return Number.NaN;

  // Score of the next lower MacroVector along each equivalence set.
  const lowerEq1 = lookup(key(eq1 + 1, eq2, eq3, eq4, eq5, eq6));
  const lowerEq2 = lookup(key(eq1, eq2 + 1, eq3, eq4, eq5, eq6));
  let lowerEq3Eq6: number;
  if (eq3 === 0 && eq6 === 0) {
    // 00 lowers to either 01 or 10: the higher of the two.
    lowerEq3Eq6 = Math.max(lookup(key(eq1, eq2, eq3, eq4, eq5, eq6 + 1)), lookup(key(eq1, eq2, eq3 + 1, eq4, eq5, eq6)));
  } else if (eq3 === 1 && eq6 === 0) {
    lowerEq3Eq6 = lookup(key(eq1, eq2, eq3, eq4, eq5, eq6 + 1)); // 10 → 11
  } else if (eq3 === 2) {
    lowerEq3Eq6 = Number.NaN; // 21 is the lowest
  } else {
    lowerEq3Eq6 = lookup(key(eq1, eq2, eq3 + 1, eq4, eq5, eq6)); // 01 → 11, 11 → 21
  }
  const lowerEq4 = lookup(key(eq1, eq2, eq3, eq4 + 1, eq5, eq6));
  const lowerEq5 = lookup(key(eq1, eq2, eq3, eq4, eq5 + 1, eq6));

  // The highest-severity vector of this MacroVector that the scored vector does not exceed.
  const current: Record<string, string> = { AV, PR, UI, AC, AT, VC, VI, VA, SC, SI, SA, CR: v('CR'), IR: v('IR'), AR: v('AR'), E };
  const level = (name: string, val: string) => V4_LEVELS[name]?.[val] ?? Number.NaN;
  let distances: Record<string, number> = {};
  search: for (const max1 of MAX_EQ1[eq1] ?? []) {
    for (const max2 of MAX_EQ2[eq2] ?? []) {
      for (const max36 of MAX_EQ3_EQ6[eq3]?.[eq6] ?? []) {
        for (const max4 of MAX_EQ4[eq4] ?? []) {
          for (const max5 of MAX_EQ5[eq5] ?? []) {
            const max: Parts = { ...max1, ...max2, ...max36, ...max4, ...max5 };
            distances = {};
            for (const name of Object.keys(V4_LEVELS)) {
              distances[name] = level(name, current[name] ?? '') - level(name, max[name] ?? '');
            }
            if (Object.values(distances).every((d) => d >= 0)) break search;
          }
        }
      }
    }
  }
  const d = (name: string) => distances[name] ?? 0;
  const distanceEq1 = d('AV') + d('PR') + d('UI');
  const distanceEq2 = d('AC') + d('AT');
  const distanceEq3Eq6 = d('VC') + d('VI') + d('VA') + d('CR') + d('IR') + d('AR');
  const distanceEq4 = d('SC') + d('SI') + d('SA');

  // Each existing lower MacroVector contributes the score gap to it, scaled by how far
  // down its own MacroVector the scored vector sits; the score drops by their mean.
  const STEP = 0.1;
  const contributions: [available: number, fraction: number][] = [
    [value - lowerEq1, distanceEq1 / ((DEPTH_EQ1[eq1] ?? Number.NaN) * STEP)],
    [value - lowerEq2, distanceEq2 / ((DEPTH_EQ2[eq2] ?? Number.NaN) * STEP)],
    [value - lowerEq3Eq6, distanceEq3Eq6 / ((DEPTH_EQ3_EQ6[eq3]?.[eq6] ?? Number.NaN) * STEP)],
    [value - lowerEq4, distanceEq4 / ((DEPTH_EQ4[eq4] ?? Number.NaN) * STEP)],
    [value - lowerEq5, 0], // EQ5 (exploit maturity) has a single level per MacroVector
  ];
  let existing = 0;
  let sum = 0;
  for (const [available, fraction] of contributions) {
    if (Number.isNaN(available)) continue;
    existing += 1;
    sum += available * fraction;
  }
  const meanDistance = existing === 0 ? 0 : sum / existing;
  return roundV4(Math.max(0, Math.min(10, value - meanDistance)));
}

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

/** Round half up to one decimal place (v2). */
function roundHalfUp1(x: number): number {
  const r = Math.round(x * 10) / 10;
  return r === 0 ? 0 : r; // no -0
}

/**
 * v4 rounding: half up to one decimal, after lifting the value by 1e-6 so that a tie
 * such as 8.55, which the interpolation's binary arithmetic lands one ulp below
 * (8.549999999999999), rounds up as the exact value would. This is the official
 * calculator's rounding since its 2024 fix of the tie cases.
 */
function roundV4(x: number): number {
  return roundHalfUp1(x + 1e-6);
}

/**
 * Parses a vector ("CVSS:3.1/AV:N/...", "CVSS:4.0/AV:N/...", or a bare v2 vector
 * "AV:N/AC:L/Au:N/C:P/I:P/A:P", optionally "(AV:...)") and computes its base score.
 * undefined for anything malformed (missing mandatory metric, unknown value,
 * duplicate metric). Never throws.
 *
 * v2 and v3.x vectors may carry temporal and environmental metrics: they are
 * validated but the score is the base score. A v4 vector's threat, environmental
 * and supplemental metrics, when present, are applied (CVSS-BT / -BE / -BTE), as
 * the v4 specification defines a single score over whatever metrics are given.
 */
export function cvssBaseScore(vector: string): { version: CvssVersion; score: number } | undefined {
  try {
    if (typeof vector !== 'string') return undefined;
    const text = vector.trim();
    let result: { version: CvssVersion; score: number } | undefined;
    if (text.startsWith('CVSS:')) {
      const slash = text.indexOf('/');
      if (slash < 0) return undefined;
      const prefix = text.slice(0, slash);
      const body = text.slice(slash + 1);
      if (prefix === 'CVSS:3.0' || prefix === 'CVSS:3.1') {
        const version = prefix === 'CVSS:3.0' ? '3.0' : '3.1';
        const metrics = parseMetrics(body, V3_METRICS, V3_BASE);
        result = metrics && { version, score: v3BaseScore(metrics, version) };
      } else if (prefix === 'CVSS:4.0') {
        const metrics = parseMetrics(body, V4_METRICS, V4_BASE);
        result = metrics && { version: '4.0', score: v4BaseScore(metrics) };
      }
    } else {
      const body = text.startsWith('(') && text.endsWith(')') ? text.slice(1, -1) : text;
      const metrics = parseMetrics(body, V2_METRICS, V2_BASE);
      result = metrics && { version: '2.0', score: v2BaseScore(metrics) };
    }
    if (result === undefined || !Number.isFinite(result.score) || result.score < 0 || result.score > 10) return undefined;
    return result;
  } catch {
    return undefined;
  }
}

/**
 * FIRST qualitative rating: 0 → 'INFO' (None), 0.1–3.9 LOW, 4.0–6.9 MEDIUM,
 * 7.0–8.9 HIGH, 9.0–10 CRITICAL (v2 has no CRITICAL officially, but map by the
 * same bands). Anything not a positive number is INFO.
 */
export function severityFromScore(score: number): Severity {
  if (!(score > 0)) return 'INFO';
  if (score < 4) return 'LOW';
  if (score < 7) return 'MEDIUM';
  if (score < 9) return 'HIGH';
  return 'CRITICAL';
}
