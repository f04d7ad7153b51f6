/**
 * What docs/rules/code.md adds to the shared renderer (../docs.ts): the intro
 * on the taint analysis, the languages and flow-confidence columns, and the
 * examples per language. A test compares the committed page with the generated one.
 */
import { SEVERITY_RANK } from '../../core/findings.js';
import { baseFacts, fence, idColumn, type RulePage, severityColumn } from '../docs.js';
import type { CodeLanguage } from './parser.js';
import type { BarrierGroup } from './barrier-spec.js';
import { familyOf } from './prefilter.js';
import { BARRIER_RULES, TAINT_BARRIERS } from './taint-barriers.js';
import type { SinkKind } from './taint-spec.js';
import { TAINT_SINKS } from './taint-sinks.js';
import type { CodeRule } from './rule.js';
import { CODE_RULES } from './rules/index.js';
import { PARAMETER_SOURCES, REQUEST_OBJECT_SOURCES } from './taint-sources.js';
import { PROPAGATORS } from './taint-propagators.js';

const LANGUAGE_NAMES: Readonly<Record<CodeLanguage, string>> = Object.freeze({ javascript: 'JavaScript', typescript: 'TypeScript', tsx: 'TSX', python: 'Python', php: 'PHP', go: 'Go', java: 'Java', ruby: 'Ruby' });
const FENCE: Readonly<Record<CodeLanguage, string>> = Object.freeze({ javascript: 'js', typescript: 'ts', tsx: 'tsx', python: 'python', php: 'php', go: 'go', java: 'java', ruby: 'ruby' });

/**
 * The sink kinds a group's rows make safe: its sanitisers' and safe options' own, the host kinds for
 * URL rows, for checks the kinds of the barrier rules that ask for their facts, for normalisers those
 * of the rules that ask for a normalised value, for conversions and exits (which serve any check) every guard kind.
 */
function barrierKinds(g: BarrierGroup): Set<SinkKind> {
  const host = BARRIER_RULES.filter((r) => r.all.some((p) => p.part === 'host')).flatMap((r) => r.kinds);
  const guards = BARRIER_RULES.flatMap((r) => r.kinds);
  const checks = g.checks ?? [];
  const checked = new Set(checks.filter((c) => c.part !== 'host').map((c) => c.check));
  return new Set([
    ...(g.sanitisers ?? []).flatMap((r) => r.kinds),
    ...(g.safeOptions ?? []).flatMap((r) => r.kinds),
    ...(g.urlParsers?.length || g.hostParts?.length || checks.some((c) => c.part === 'host') ? host : []),
    ...BARRIER_RULES.filter((r) => r.all.some((p) => p.part === undefined && checked.has(p.check))).flatMap((r) => r.kinds),
    ...(g.normalisers?.length ? BARRIER_RULES.filter((r) => r.all.some((p) => p.normalised !== undefined)).flatMap((r) => r.kinds) : []),
    ...(g.conversions?.length || g.exits?.length ? guards : []),
  ]);
}

/** The barrier groups (taint-barriers.ts) that apply to a rule with sink rows: its language families, the kinds of its rows. */
function barrierTitles(rule: CodeRule): string[] {
  const spec = TAINT_SINKS[rule.id];
  if (!spec) return [];
  const kinds = new Set(spec.groups.flatMap((g) => g.rows.map((r) => r.kind)));
  const families = new Set(rule.languages.map(familyOf));
  return TAINT_BARRIERS.filter((g) => families.has(g.language) && [...barrierKinds(g)].some((k) => kinds.has(k))).map((g) => g.title);
}

function languages(rule: CodeRule): string {
  const names = new Set(rule.languages.map((l) => (l === 'javascript' || l === 'typescript' || l === 'tsx' ? 'JavaScript/TypeScript' : LANGUAGE_NAMES[l])));
  return [...names].join(', ');
}

/** The request sources of the taint tables of one language. */
function sourcesSummary(languages: readonly string[]): string {
  const code = (items: readonly string[]): string => `\`${items.join('|')}\``;
  const objects = REQUEST_OBJECT_SOURCES.map((s) => {
    const [first = s.receiverPattern ? 'x' : '', ...others] = s.receivers;
    const sep = s.language !== 'php' ? '.' : /^\\?[A-Z]/.test(first) ? '::' : '->';
    const parts = [s.members?.length ? `${first}${sep}${s.members.join('|')}` : undefined, s.methods?.length ? `${first}${sep}${s.methods.map((m) => `${m}()`).join('|')}` : undefined];
    const shown = others.length > 6 ? [...others.slice(0, 5).map((o) => `\`${o}\``), `${others.length - 5} more`] : others.map((o) => `\`${o}\``);
    const also = others.length > 0 ? ` (also on ${shown.join(', ')})` : s.receiverPattern && s.receivers.length === 0 ? ` (on any receiver matching \`${s.receiverPattern.source}\`)` : '';
    const typed = s.types?.length ? ` (destructured from a parameter typed ${s.types.map((t) => `\`${t}\``).join(' or ')})` : '';
    return { language: s.language, text: `${s.framework} ${parts.filter((p): p is string => !!p).map((p) => code([p])).join(', ')}${also}${typed}` };
  });
  const params = PARAMETER_SOURCES.map((p) => ({
    language: p.language,
    text: `${p.framework} ${p.summary}${p.decorators ? ` ${p.decorators.map((d) => (p.language === 'java' ? `\`@${d}\`` : `\`@${d}()\``)).join(', ')}` : ''}${p.names && p.language !== 'javascript' && p.language !== 'python' ? ` (${p.names.map((n) => `\`${n}\``).join(', ')})` : ''}`,
  }));
  const all = [...objects, ...params];
  return languages.map((l) => all.filter((x) => x.language === l).map((x) => x.text).join('; ')).join('; ');
}

/** The propagator rows of the languages, by flow. */
function propagatorsSummary(languages: readonly string[]): string {
  const flows: Record<string, string> = {
    'argument-to-result': 'pass their arguments to the result', 'argument-to-receiver': 'store an argument in the receiver', none: 'return nothing of their input',
    'content-of-argument': "return the content of the file their argument names, which carries request data only when the argument may name a URL or stream wrapper of the attacker's (not after a constant local path or fixed origin)",
  };
  return languages
    .map((l) => {
      const rows = PROPAGATORS.filter((r) => r.language === l);
      const name = l === 'javascript' ? 'JavaScript' : l === 'python' ? 'Python' : l === 'php' ? 'PHP' : l === 'go' ? 'Go' : l === 'java' ? 'Java' : 'Ruby';
      return `${name}: ${rows.map((r) => `${r.summary} ${flows[r.flow]}`).join('; ')}`;
    })
    .join('; ');
}

/** One language's snippet of a rule's examples. */
interface Snippet {
  readonly language: CodeLanguage;
  readonly code: string;
}

/** The code page: rules in registry order, examples in pairs per language. */
export function codePage(rules: readonly CodeRule[] = CODE_RULES): RulePage<CodeRule, Snippet> {
  const counts = [...new Set(rules.map((r) => r.severity))]
    .sort((a, b) => SEVERITY_RANK[b] - SEVERITY_RANK[a])
    .map((s) => `${rules.filter((r) => r.severity === s).length} ${s}`)
    .join(', ');
  const intro = [
    `${rules.length} rules (${counts}). The code scanner parses JavaScript (\`.js\`, \`.mjs\`, \`.cjs\`, \`.jsx\`), TypeScript (\`.ts\`, \`.mts\`, \`.cts\`, \`.tsx\`),`,
    'Python (`.py`), PHP (`.php`), Go (`.go`), Java (`.java`) and Ruby (`.rb`) files with tree-sitter and runs the rules of the file\'s language. Files under `node_modules/`, `vendor/` and `dist/`,',
    'minified files (`*.min.js`, or an average line longer than 500 characters), files over 512 KB and files that mostly fail to parse are skipped.',
    '',
    'Each finding\'s `rule_id` is the rule id, its `category` and `scanner_name` are `code`, its location is the line and column of',
    'the sink (the call or assignment), and its evidence is that line. The finding id is stable across line moves: it is derived',
    'from the rule and the normalised sink text.',
    '',
    '## Taint analysis and confidence',
    '',
    'Injection rules follow data inside one function (and the enclosing module, and one call into another file) from request sources to sinks:',
    '',
    `- **Sources** (\`taint-sources.ts\`): ${sourcesSummary(['javascript', 'python'])}.`,
    '- **Propagation**: assignments, destructuring, `+=`, template strings, concatenation, f-strings, `%`, object and array literals,',
    '  a method\'s receiver to its result (`req.body.trim()`), local wrapper functions whose return value is built from a parameter, and the',
    `  calls of \`taint-propagators.ts\`: ${propagatorsSummary(['javascript', 'python'])}.`,
    '  A sink inside a local function that one of its parameters reaches is followed back to the calls of that function in the same file',
    '  (by plain name, up to three functions deep; methods called through `self`/`this` are not): the finding names the caller\'s source and the function it was passed to.',
    '- **Sanitisers** stop a flow: numeric casts (`Number`, `parseInt`, `int`), `path.basename`/`os.path.basename`/`secure_filename`,',
    '  `encodeURIComponent`, HTML escapers (`escape-html`, `validator.escape`, `html.escape`, `markupsafe.escape`), regex escapers, and',
    '  allow-list guards (`if (!ALLOWED.includes(x)) return`, `if x not in ALLOWED: abort(400)`), a key found in a table first (a null check of',
    '  what a lookup function of the file returned: `if (await find(key) == null) return`), and for paths a name checked to hold no `/`.',
    '  A predicate function used as a check (`if (isAllowed(url))`) counts unless its body only tests that the value contains some text',
    '  (`url.includes(a)`, `url.indexOf(a) !== -1`, an unanchored pattern, Python `a in url`): such a check is no allow-list.',
    '- **Across files** (a pass over the whole repository after every file is scanned, from summaries each file gives of the functions it',
    '  exports, ES modules, CommonJS and Python imports): request data passed to an exported function whose parameter reaches a sink is',
    '  reported at the sink, as a proven flow naming the calling file and its source; a call with a password-like argument of an exported',
    '  helper that hashes its parameter with MD5/SHA-1 reports that hash (`weak-password-hash`), naming the callers; a predicate imported from',
    '  another file is judged as above, the finding naming the check and where it is defined; request data passed through a function of',
    '  another file that returns it (`clean = tidy(request.form[\'x\'])`, read from files the scanner parses anyway) reaches sinks after the',
    '  call, the finding naming that function (at most four such functions per file). One level of call: a flow through two files',
    '  of helpers, through methods, objects or bare (non-relative) import paths is not followed.',
    '',
    'PHP, Go, Java and Ruby files use a simpler local model: inside one function an expression is tainted when it contains a source',
    'or a variable assigned from one earlier in the function. Their sources are the same tables (`taint-sources.ts`):',
    `${sourcesSummary(['php', 'go', 'java', 'ruby'])}.`,
    'Loop variables (`for (Cookie c : request.getCookies())`, `range`, `foreach`, `params.each do |x|`), compound assignments (`.=`, `+=`),',
    'builders and collections (`sb.append(x)`, `map.put("k", x)` read back by `map.get("k")`, `list.add`/`remove` read back by `list.get(i)`) carry',
    `data; any call passes its arguments' and receiver's taint to its result, and the calls of \`taint-propagators.ts\` do what they say (${propagatorsSummary(['php', 'go', 'java', 'ruby'])});`,
    'data; an `if`, `?:` or `switch` whose condition is a compile-time constant (`(7 * 42) - num > 200` with `int num = 86`, `"ABC".charAt(2)`)',
    'only counts the branch taken, and a call to a function of the same file whose return values never come from its parameters carries none.',
    'Numeric conversions and shell/SQL escapers (`intval`, `escapeshellarg`, `strconv.Atoi`, `Integer.parseInt`, `to_i`, `shellescape`) stop a flow',
    'everywhere, and in PHP a branch that runs only when `is_numeric`/`ctype_digit` or an anchored character-class `preg_match` (`/^\\d+$/`)',
    'accepted the same expression treats it as clean; each rule adds the encoders of its sink',
    '(`htmlspecialchars`/`Encode.forHtml` for HTML, `basename`/`getFileName` for paths, `urlencode` for redirects, `encodeForLDAP` …).',
    '',
    'A finding backed by a proven source→sink flow has the higher confidence in the tables below (usually 0.85–0.9) and its',
    'description names the source expression and its line. A pattern-only finding (a query or command string built at run time',
    'from values not proven to be request data) has the lower one and is reported as MEDIUM at most, whatever the rule\'s severity:',
    'HIGH and CRITICAL are kept for proven flows. Parameterised queries (constant SQL, values passed separately)',
    'are never reported. The analysis does not follow data through loops\' back edges.',
  ];
  return {
    file: 'code.md',
    title: 'Code rules',
    source: 'src/scanners/code/rules/*.ts',
    rules,
    intro,
    indexHeading: ['## Rules'],
    index: [
      idColumn(),
      severityColumn(),
      { header: 'CWE', cell: (r) => r.cwe },
      { header: 'OWASP', cell: (r) => r.owasp.join(', ') },
      { header: 'Languages', cell: languages },
    ],
    facts: [...baseFacts<CodeRule>({ header: 'Confidence (pattern / proven flow)', cell: (r) => `${r.confidence} / ${r.taintConfidence}` }), { header: 'Languages', cell: languages }],
    // The sink groups of a rule whose sinks are data (taint-sinks.ts).
    details: (r) => {
      if (!TAINT_SINKS[r.id]) return [];
      const barriers = barrierTitles(r);
      return [`**Sinks** (\`taint-sinks.ts\`): ${TAINT_SINKS[r.id]?.groups.map((g) => g.title).join('; ')}.`, '', ...(barriers.length > 0 ? [`**Barriers** (\`taint-barriers.ts\`): ${barriers.join('; ')}.`, ''] : [])];
    },
    examples: (r) => ({
      bad: r.docs.examples.map((e) => ({ language: e.language, code: e.bad })),
      good: r.docs.examples.map((e) => ({ language: e.language, code: e.good })),
    }),
    example: (_rule, e) => [`${LANGUAGE_NAMES[e.language]}:`, '', fence(FENCE[e.language], e.code), ''],
  };
}
