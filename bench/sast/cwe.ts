/**
 * CWE translation for scoring, as the benchmark's per-tool readers do it: a tool's finding counts
 * for a category when its CWE is the category's CWE or a narrower CWE of it.
 */

/** `'CWE-89'` → 89. */
export function cweNumber(cwe: string | undefined): number | undefined {
  const m = cwe ? /(\d+)/.exec(cwe) : null;
  return m ? Number(m[1]) : undefined;
}

/**
 * Narrower CWEs of Vigil's rules → the benchmark's CWE (MITRE's ChildOf relations):
 * 95 eval injection ⊂ 94 code injection; 916 weak password hash and 327 broken algorithm
 * (only the hash rules use 328 directly) are not folded; 338 weak PRNG ⊂ 330.
 */
export const VIGIL_CWE_EQUIVALENT: Readonly<Record<number, number>> = Object.freeze({ 95: 94, 338: 330, 916: 328 });

/**
 * Bandit test ids (https://bandit.readthedocs.io/en/latest/plugins/index.html and
 * …/blacklists/) → the weakness each reports. Bandit 1.6 prints no CWE; later versions print a
 * CWE that is coarser than these (CWE-20 for the XML parsers, CWE-78 for `exec`).
 */
export const BANDIT_CWE: Readonly<Record<string, number>> = Object.freeze({
  B102: 94, // exec
  B307: 94, // eval
  B301: 502, // pickle
  B302: 502, // marshal
  B403: 502, // import pickle
  B506: 502, // yaml.load
  B303: 328, // md5/sha1 (Bandit < 1.7.4)
  B324: 328, // hashlib weak hash
  B311: 330, // random
  B313: 611, B314: 611, B315: 611, B316: 611, B317: 611, B318: 611, B319: 611, B320: 611, // xml parsers
  B405: 611, B406: 611, B407: 611, B408: 611, B409: 611, B410: 611, // xml imports
  B404: 78, B602: 78, B603: 78, B604: 78, B605: 78, B606: 78, B607: 78, // subprocess / os.system
  B608: 89, // SQL built from strings
  B610: 89, B611: 89, // Django extra / RawSQL
  B701: 79, B702: 79, B703: 79, B704: 79, // jinja2 autoescape off, mako, mark_safe, markupsafe
});
