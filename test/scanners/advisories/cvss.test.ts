import { describe, expect, it } from 'vitest';
import { cvssBaseScore, cvssRoundUp, severityFromScore } from '../../../src/scanners/advisories/cvss.js';

type Case = readonly [vector: string, score: number, note: string];

// CVSS v3.1: the worked examples of FIRST's "CVSS v3.1 Examples" document
// (https://www.first.org/cvss/v3.1/examples; the same CVEs and scores appear in the
// v3.0 Examples document), plus NVD's published 10.0 for Log4Shell (the Scope
// Changed cap) and FIRST v3.1 calculator results for the lowest-scoring and
// no-impact vectors (as linked from rustsec's cvss crate tests).
const V31: readonly Case[] = [
  ['CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N', 6.1, 'CVE-2013-1937 phpMyAdmin reflected XSS'],
  ['CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:C/C:L/I:L/A:N', 6.4, 'CVE-2013-0375 MySQL stored SQL injection'],
  ['CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N', 3.1, 'CVE-2014-3566 SSLv3 POODLE'],
  ['CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:H', 9.9, 'CVE-2012-1516 VMware guest-to-host escape'],
  ['CVSS:3.1/AV:L/AC:L/PR:H/UI:N/S:U/C:L/I:L/A:L', 4.2, 'CVE-2009-0783 Apache Tomcat XML parser'],
  ['CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H', 8.8, 'CVE-2012-0384 Cisco IOS command injection'],
  ['CVSS:3.1/AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H', 7.8, 'CVE-2015-1098 Apple iWork'],
  ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N', 7.5, 'CVE-2014-0160 OpenSSL Heartbleed'],
  ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 9.8, 'CVE-2014-6271 GNU Bash Shellshock'],
  ['CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:C/C:N/I:H/A:N', 6.8, 'CVE-2008-1447 DNS cache poisoning'],
  ['CVSS:3.1/AV:P/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 6.8, 'CVE-2014-2005 Sophos login screen bypass'],
  ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:L/I:N/A:N', 5.8, 'CVE-2010-0467 Joomla directory traversal'],
  ['CVSS:3.1/AV:A/AC:L/PR:N/UI:N/S:C/C:H/I:N/A:H', 9.3, 'CVE-2013-6014 Juniper proxy ARP'],
  ['CVSS:3.1/AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N', 5.4, 'CVE-2014-9253 DokuWiki stored XSS'],
  ['CVSS:3.1/AV:A/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 8.8, 'CVE-2011-1265 Microsoft Bluetooth stack'],
  ['CVSS:3.1/AV:P/AC:L/PR:N/UI:N/S:U/C:N/I:H/A:N', 4.6, 'CVE-2014-2019 Apple iOS'],
  ['CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:N', 7.4, 'CVE-2014-0224 OpenSSL CCS injection'],
  ['CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:H/I:H/A:H', 9.6, 'CVE-2012-5376 Google Chrome sandbox bypass'],
  ['CVSS:3.1/AV:P/AC:H/PR:H/UI:R/S:U/C:N/I:N/A:L', 1.6, 'FIRST v3.1 calculator: lowest weights, Scope Unchanged'],
  ['CVSS:3.1/AV:P/AC:H/PR:H/UI:R/S:C/C:N/I:N/A:L', 1.8, 'FIRST v3.1 calculator: the same, Scope Changed'],
  ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', 10.0, 'CVE-2021-44228 Log4Shell (NVD): 10.73 capped at 10'],
  ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N', 0.0, 'no impact: Impact <= 0 gives 0'],
  ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:N/I:N/A:N', 0.0, 'no impact, Scope Changed: the S:C Impact is negative'],
];

// CVSS v3.0: examples from FIRST's "CVSS v3.0 Examples" document whose unrounded
// score is off the 0.1 grid, where Roundup (always up) and round-to-nearest give
// different answers: 6.007 → 6.1, 8.708 → 8.8, 6.711 → 6.8, 5.749 → 5.8, 4.510 → 4.6.
const V30: readonly Case[] = [
  ['CVSS:3.0/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N', 6.1, 'CVE-2013-1937: 6.007 rounds up, not to 6.0'],
  ['CVSS:3.0/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H', 8.8, 'CVE-2012-0384: 8.708 rounds up, not to 8.7'],
  ['CVSS:3.0/AV:N/AC:H/PR:N/UI:N/S:C/C:N/I:H/A:N', 6.8, 'CVE-2008-1447: 6.711 rounds up, not to 6.7'],
  ['CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:C/C:N/I:L/A:N', 5.8, 'CVE-2012-1342 Cisco ASR: 5.749 rounds up, not to 5.7'],
  ['CVSS:3.0/AV:P/AC:L/PR:N/UI:N/S:U/C:N/I:H/A:N', 4.6, 'CVE-2014-2019: 4.510 rounds up, not to 4.5'],
  ['CVSS:3.0/AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:H', 9.9, 'CVE-2012-1516: Scope Changed weights'],
];

// CVSS v2: the three worked examples of FIRST's "Complete Guide to CVSS v2"
// (section 3.3), and NVD-published v2 base scores for well-known CVEs.
const V2: readonly Case[] = [
  ['AV:N/AC:L/Au:N/C:N/I:N/A:C', 7.8, 'CVE-2002-0392 Apache chunked encoding (v2 guide)'],
  ['AV:N/AC:L/Au:N/C:C/I:C/A:C', 10.0, 'CVE-2003-0818 Microsoft ASN.1 (v2 guide)'],
  ['AV:L/AC:H/Au:N/C:C/I:C/A:C', 6.2, 'CVE-2003-0062 NOD32 buffer overflow (v2 guide)'],
  ['AV:N/AC:L/Au:N/C:N/I:N/A:C/E:F/RL:OF/RC:C', 7.8, 'CVE-2002-0392 with the guide\'s temporal metrics: base unchanged'],
  ['AV:N/AC:L/Au:N/C:P/I:N/A:N', 5.0, 'CVE-2014-0160 Heartbleed (NVD v2)'],
  ['AV:N/AC:L/Au:N/C:P/I:P/A:P', 7.5, 'CVE-2014-3704 Drupal SQL injection (NVD v2)'],
  ['AV:L/AC:L/Au:N/C:C/I:C/A:C', 7.2, 'CVE-2016-5195 Dirty COW (NVD v2)'],
  ['(AV:N/AC:M/Au:N/C:N/I:P/A:N)', 4.3, 'NVD parenthesised form; CVE-2013-1937 XSS (NVD v2)'],
  ['AV:N/AC:L/Au:N/C:N/I:N/A:N', 0.0, 'no impact: f(Impact) = 0'],
];

// CVSS v4.0: every scored vector on FIRST's "CVSS v4.0 Examples" page
// (https://www.first.org/cvss/v4-0/examples), base-only (CVSS-B) and with threat,
// environmental and supplemental metrics (CVSS-BT/-BE/-BTE).
const V4_FIRST_EXAMPLES: readonly Case[] = [
  ['CVSS:4.0/AV:L/AC:L/AT:P/PR:L/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', 7.3, 'CVE-2022-41741 nginx mp4'],
  ['CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:P/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', 7.7, 'CVE-2020-3549 Cisco FMC'],
  ['CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:P/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/E:U', 5.2, 'CVE-2020-3549, E:U'],
  ['CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:H/VI:L/VA:L/SC:N/SI:N/SA:N', 8.3, 'CVE-2023-3089 OpenShift FIPS'],
  [
    'CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:H/VI:L/VA:L/SC:N/SI:N/SA:N/CR:H/IR:L/AR:L/MAV:N/MAC:H/MVC:H/MVI:L/MVA:L',
    8.1,
    'CVE-2023-3089, environmental',
  ],
  ['CVSS:4.0/AV:L/AC:L/AT:N/PR:N/UI:A/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N', 4.6, 'CVE-2021-44714 Adobe Acrobat'],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:A/VC:N/VI:N/VA:N/SC:L/SI:L/SA:N', 5.1, 'CVE-2022-21830 Blue Prism'],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:L/SI:L/SA:N', 6.9, 'CVE-2022-22186 Juniper'],
  ['CVSS:4.0/AV:L/AC:L/AT:N/PR:H/UI:N/VC:N/VI:N/VA:N/SC:H/SI:N/SA:N', 5.9, 'CVE-2023-21989 VirtualBox'],
  ['CVSS:4.0/AV:L/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H', 9.4, 'CVE-2020-3947 VMware'],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:H/VA:N/SC:H/SI:H/SA:H', 9.3, 'CVE-2023-48228 authentik'],
  ['CVSS:4.0/AV:P/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:H/SA:N/S:P/V:D', 8.3, 'CVE-2018-3652 Intel DCI, supplemental'],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:N/VA:N/SC:N/SI:N/SA:N/E:A', 8.7, 'CVE-2014-0160 Heartbleed, E:A'],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H/E:A', 10.0, 'CVE-2021-44228 Log4Shell, E:A'],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:H/SC:N/SI:N/SA:L', 8.7, 'availability loss, low subsequent-system effect'],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:H/SC:N/SI:N/SA:L/E:U', 6.6, 'the same, E:U'],
  ['CVSS:4.0/AV:L/AC:L/AT:N/PR:H/UI:N/VC:H/VI:H/VA:N/SC:N/SI:N/SA:N', 8.3, 'local, high privileges'],
  ['CVSS:4.0/AV:L/AC:L/AT:N/PR:H/UI:N/VC:H/VI:H/VA:N/SC:N/SI:N/SA:N/E:U', 5.6, 'the same, E:U'],
  ['CVSS:4.0/AV:A/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:N/SC:N/SI:N/SA:N/S:P', 8.6, 'adjacent, Safety supplemental only'],
  ['CVSS:4.0/AV:A/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:N/SC:N/SI:N/SA:N/MSI:S/S:P', 9.7, 'the same with MSI:S (EQ4 = 0)'],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:H/SC:N/SI:N/SA:N/V:C', 8.7, 'supplemental V:C does not score'],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:N/VI:N/VA:N/SC:H/SI:L/SA:H', 6.4, 'subsequent-system impact only'],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:N/VI:N/VA:N/SC:H/SI:L/SA:H/E:U/MAV:A/R:U/V:C', 2.4, 'the same, BTE'],
];

// CVSS v4.0 rounding: the official calculator's round-half-up at ties, as fixed
// upstream (RedHatProductSecurity/cvss-v4-calculator issues #48 and #66, PR #67):
// 8.55 computed as 8.549999999999999 still rounds to 8.6; 0.35 → 0.4; 8.95 → 9.0.
const V4_ROUNDING: readonly Case[] = [
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:P/VC:H/VI:L/VA:N/SC:H/SI:H/SA:H', 8.6, 'issue #66: 8.55 tie'],
  ['CVSS:4.0/AV:N/AC:L/AT:P/PR:L/UI:A/VC:L/VI:L/VA:N/SC:N/SI:N/SA:N/E:U', 0.4, 'issue #48: 0.35 tie'],
  ['CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:H/VI:H/VA:N/SC:H/SI:H/SA:H/E:P', 9.0, 'issue #48: 8.95 tie crosses into CRITICAL'],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', 9.3, 'the MacroVector 000200 maximum itself'],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:N/SI:N/SA:N', 0.0, 'no impact anywhere is 0 by definition'],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:N/SI:N/SA:N/MVC:H', 8.7, 'MVC:H overrides VC:N: scores as the Heartbleed example'],
];

describe('cvssBaseScore', () => {
  it.each(V31)('v3.1 %s = %d (%s)', (vector, score) => {
    expect(cvssBaseScore(vector)).toEqual({ version: '3.1', score });
  });

  it.each(V30)('v3.0 %s = %d (%s)', (vector, score) => {
    expect(cvssBaseScore(vector)).toEqual({ version: '3.0', score });
  });

  it.each(V2)('v2 %s = %d (%s)', (vector, score) => {
    expect(cvssBaseScore(vector)).toEqual({ version: '2.0', score });
  });

  it.each(V4_FIRST_EXAMPLES)('v4 %s = %d (%s)', (vector, score) => {
    expect(cvssBaseScore(vector)).toEqual({ version: '4.0', score });
  });

  it.each(V4_ROUNDING)('v4 rounding %s = %d (%s)', (vector, score) => {
    expect(cvssBaseScore(vector)).toEqual({ version: '4.0', score });
  });

  it('ignores v3 temporal and environmental metrics (base score only) but validates them', () => {
    expect(cvssBaseScore('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/E:U/RL:O/RC:R/CR:L/MAV:P/MC:N')).toEqual({ version: '3.1', score: 9.8 });
    expect(cvssBaseScore('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/E:Z')).toBeUndefined();
  });

  it('accepts metrics in any order and surrounding whitespace', () => {
    expect(cvssBaseScore('CVSS:3.1/S:U/C:H/I:N/A:N/AV:N/AC:L/PR:N/UI:N')).toEqual({ version: '3.1', score: 7.5 });
    expect(cvssBaseScore('  A:C/I:N/C:N/Au:N/AC:L/AV:N\n')).toEqual({ version: '2.0', score: 7.8 });
    expect(cvssBaseScore('CVSS:4.0/SA:N/SI:N/SC:N/VA:H/VI:H/VC:H/UI:N/PR:N/AT:N/AC:L/AV:N')).toEqual({ version: '4.0', score: 9.3 });
  });

  it('applies v4 threat defaults: E:X is E:A, CR/IR/AR:X are H', () => {
    const base = 'CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:P/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N';
    expect(cvssBaseScore(`${base}/E:X/CR:X/IR:X/AR:X`)?.score).toBe(7.7);
    expect(cvssBaseScore(`${base}/E:A`)?.score).toBe(7.7);
    expect(cvssBaseScore(`${base}/E:P`)?.score).toBeLessThan(7.7);
  });

  const MALFORMED: readonly (readonly [string, unknown])[] = [
    ['empty', ''],
    ['whitespace', '   '],
    ['prefix only', 'CVSS:3.1'],
    ['prefix and slash only', 'CVSS:3.1/'],
    ['unknown version', 'CVSS:3.2/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'],
    ['lower-case prefix', 'cvss:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'],
    ['v3 missing A', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H'],
    ['v3 missing S', 'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/C:H/I:H/A:H'],
    ['v3 unknown value', 'CVSS:3.1/AV:X/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'],
    ['v3 lower-case value', 'CVSS:3.1/AV:n/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'],
    ['v3 PR:U (in the v3.0 regex, not a value)', 'CVSS:3.0/AV:N/AC:L/PR:U/UI:N/S:U/C:H/I:H/A:H'],
    ['v3 duplicate metric', 'CVSS:3.1/AV:N/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'],
    ['v3 duplicate metric with another value', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/AV:L'],
    ['v3 unknown metric', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/XX:1'],
    ['v3 with a v2 metric', 'CVSS:3.1/AV:N/AC:L/Au:N/UI:N/S:U/C:H/I:H/A:H'],
    ['trailing slash', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/'],
    ['empty component', 'CVSS:3.1/AV:N//AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'],
    ['component without colon', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A'],
    ['component with two colons', 'CVSS:3.1/AV:N:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'],
    ['v2 missing Au', 'AV:N/AC:L/C:P/I:P/A:P'],
    ['v2 wrong case Au', 'AV:N/AC:L/AU:N/C:P/I:P/A:P'],
    ['v2 unknown value', 'AV:P/AC:L/Au:N/C:P/I:P/A:P'],
    ['v2 duplicate', 'AV:N/AC:L/Au:N/C:P/I:P/A:P/C:N'],
    ['v2 unbalanced parenthesis', '(AV:N/AC:L/Au:N/C:P/I:P/A:P'],
    ['v3 body without prefix', 'AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'],
    ['v4 missing SA', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N'],
    ['v4 missing AT', 'CVSS:4.0/AV:N/AC:L/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N'],
    ['v4 unknown value', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:R/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N'],
    ['v4 SI:S is environmental only', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:S/SA:N'],
    ['v4 MSC:S does not exist', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/MSC:S'],
    ['v4 S:U (v3 scope) is not Safety', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/S:U'],
    ['v4 U:clear is case-sensitive', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/U:clear'],
    ['v4 duplicate', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/E:A/E:U'],
    ['v4 v3 metric', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/RL:O'],
    ['a word', 'HIGH'],
    ['not a string: null', null],
    ['not a string: number', 9.8],
    ['not a string: object', { vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
  ];

  it.each(MALFORMED)('undefined for %s', (_name, vector) => {
    expect(() => cvssBaseScore(vector as string)).not.toThrow();
    expect(cvssBaseScore(vector as string)).toBeUndefined();
  });
});

describe('cvssRoundUp (v3.0 Roundup vs v3.1 Appendix A)', () => {
  it('rounds up to one decimal, keeping exact tenths', () => {
    for (const version of ['3.0', '3.1'] as const) {
      expect(cvssRoundUp(4.02, version)).toBe(4.1);
      expect(cvssRoundUp(4.0, version)).toBe(4.0);
      expect(cvssRoundUp(6.006966, version)).toBe(6.1);
      expect(cvssRoundUp(10, version)).toBe(10);
    }
  });

  it('differs where binary floating point lands just above a tenth', () => {
    // 0.1 + 0.2 is 0.30000000000000004: v3.0 ceil() sees it above 0.3, v3.1 does not.
    expect(cvssRoundUp(0.1 + 0.2, '3.0')).toBe(0.4);
    expect(cvssRoundUp(0.1 + 0.2, '3.1')).toBe(0.3);
    expect(cvssRoundUp(4.000000000000001, '3.0')).toBe(4.1);
    expect(cvssRoundUp(4.000000000000001, '3.1')).toBe(4.0);
    // v3.1 Appendix A works on five decimals: 0.000001 is 0.0, 0.000009 is 0.1.
    expect(cvssRoundUp(0.000001, '3.1')).toBe(0);
    expect(cvssRoundUp(0.000009, '3.1')).toBe(0.1);
  });
});

describe('severityFromScore', () => {
  it.each([
    [0, 'INFO'],
    [0.1, 'LOW'],
    [3.9, 'LOW'],
    [4.0, 'MEDIUM'],
    [6.9, 'MEDIUM'],
    [7.0, 'HIGH'],
    [8.9, 'HIGH'],
    [9.0, 'CRITICAL'],
    [10, 'CRITICAL'],
    [-1, 'INFO'],
    [Number.NaN, 'INFO'],
  ] as const)('%d → %s', (score, severity) => {
    expect(severityFromScore(score)).toBe(severity);
  });

  it('rates a v2 10.0 as CRITICAL by the same bands', () => {
    const result = cvssBaseScore('AV:N/AC:L/Au:N/C:C/I:C/A:C');
    expect(result && severityFromScore(result.score)).toBe('CRITICAL');
  });
});
