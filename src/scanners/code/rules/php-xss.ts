import { enclosingFunction, namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, PHP, type Match, type RuleContext } from '../rule.js';
import { anyCase } from '../prefilter.js';
import { functionText } from '../function-model/guards.js';
import { sink } from '../helpers.js';

/** Output functions and whether every argument (printf) or only the first is printed. */
const OUTPUT_FUNCTIONS = new Set(['printf', 'vprintf', 'print_r', 'var_export', 'die', 'exit']);
/** Escapers: PHP, WordPress, Laravel (`e`), CakePHP (`h`), Twig-style, URL encoders and number formatting. */
const SANITISERS = new Set(['strip_tags', 'esc_html', 'esc_attr', 'esc_url', 'esc_js', 'esc_textarea', 'wp_kses', 'wp_kses_post', 'e', 'h', 'escape', 'urlencode', 'rawurlencode', 'number_format', 'json_encode', 'filter_var', 'purify', 'clean', 'md5', 'sha1', 'hash',
  // Results of I/O keyed by request data (file contents, query rows, fetched bodies) are not the request data itself.
  'file_get_contents', 'fread', 'fgets', 'file', 'curl_exec', 'shell_exec', 'exec', 'mysqli_query', 'mysql_query', 'query', 'prepare', 'execute', 'fetch', 'fetchAll', 'fetch_assoc', 'fetch_array', 'mysqli_fetch_assoc', 'mysqli_fetch_array', 'mysqli_fetch_row', 'mysql_fetch_assoc', 'mysql_fetch_array', 'pg_query', 'pg_fetch_assoc']);
/**
 * `$html .= '…<p>…'`: a variable assigned text containing an HTML tag. Not a comparison
 * (`$a == '…'` followed by markup) and not a replacement whose pattern is a tag
 * (`$name = str_replace('<script>', '', $name)` removes markup, it writes none).
 */
const MARKUP_ASSIGNMENT = /(\$\w+)\s*\.?=(?![=>])(?!\s*(?:str_i?replace|preg_replace)\s*\()\s*[^;]*<\/?[a-z][a-z0-9]*\b[^>]*>/gi;
/**
 * The trigger of htmlAssignments: the start of the tag MARKUP_ASSIGNMENT needs. Not that regex
 * itself: it runs on top-level text whose function bodies are blanked out, where it can match
 * across a closure's `;` that stops it in the raw file.
 */
const TAG_START = /<\/?[a-z]/i;
const NOT_HTML = /header\s*\(\s*['"]Content-Type:\s*(?:application\/json|text\/plain|application\/xml|text\/csv)/i;

function report(ctx: RuleContext, out: Match[], node: SyntaxNode, values: readonly SyntaxNode[], what: string): void {
  if (NOT_HTML.test(functionText(ctx, node))) return;
  for (const value of values) {
    const m = sink(ctx, node, value, { pattern: false, what: what, kind: 'html', sanitisers: SANITISERS });
    if (m) {
      out.push(m);
      return;
    }
  }
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const echo of ctx.nodes.of('echo_statement')) report(ctx, out, echo, namedChildren(echo), 'the page through `echo`');
  for (const print of ctx.nodes.of('print_intrinsic')) report(ctx, out, print, namedChildren(print), 'the page through `print`');
  for (const exit of ctx.nodes.of('exit_statement')) report(ctx, out, exit, namedChildren(exit), 'the page through `exit`');
  // <?= $value ?>: an expression statement right after an opening `<?=` tag.
  for (const stmt of ctx.nodes.of('expression_statement')) {
    const before = stmt.parent?.children[stmt.parent.children.indexOf(stmt) - 1];
    if (before && /<\?=\s*$/.test(textOf(ctx.text, before))) report(ctx, out, stmt, namedChildren(stmt), 'the page through `<?=`');
  }
  for (const call of ctx.calls) {
    if (call.receiver || call.isNew || !OUTPUT_FUNCTIONS.has(call.name.toLowerCase())) continue;
    if ((call.name === 'print_r' || call.name === 'var_export') && call.args[1] && textOf(ctx.text, call.args[1]) === 'true') continue;
    report(ctx, out, call.node, call.args, `the page through \`${call.name}\``);
  }
  out.push(...htmlAssignments(ctx));
  return out;
}

/**
 * `$html .= "<p>Hello {$_GET['name']}</p>"`: markup assembled from request data into a variable that
 * this file never echoes itself (a template or another file prints it), reported with less confidence.
 */
function htmlAssignments(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  // Per function: the variables some assignment writes markup into, minus those it prints.
  const scopes = new Map<number, Set<string>>();
  const writesUnprintedMarkup = (assign: SyntaxNode, variable: string): boolean => {
    const key = enclosingFunction(assign, ctx.language)?.start ?? -1;
    let vars = scopes.get(key);
    if (!vars) {
      const scope = functionText(ctx, assign, true);
      vars = new Set(NOT_HTML.test(scope) ? [] : [...scope.matchAll(MARKUP_ASSIGNMENT)].map((m) => m[1] ?? ''));
      for (const printed of scope.matchAll(/(?:echo|print|<\?=)[^;]*/g)) for (const v of printed[0].matchAll(/\$\w+/g)) vars.delete(v[0]);
      scopes.set(key, vars);
    }
    return vars.has(variable);
  };
  for (const assign of ctx.nodes.of('assignment_expression', 'augmented_assignment_expression')) {
    const [left, right] = [assign.children.find((c) => c.field === 'left'), assign.children.find((c) => c.field === 'right')];
    if (!left || !right || left.type !== 'variable_name' || !writesUnprintedMarkup(assign, textOf(ctx.text, left))) continue;
    const m = sink(ctx, assign, right, { pattern: false, what: `HTML markup in \`${textOf(ctx.text, left)}\``, kind: 'html', sanitisers: SANITISERS });
    if (m) out.push({ ...m, confidence: 0.6 });
  }
  return out;
}

export const rule = defineRule({
  id: 'php-xss',
  title: 'PHP request data echoed into the page',
  severity: 'HIGH',
  confidence: 0.5,
  taintConfidence: 0.8,
  cwe: 'CWE-79',
  owasp: OWASP.injection,
  languages: PHP,
  description: 'Request data (`$_GET`, `$_POST`, `$_REQUEST`, `$_COOKIE`, `$_SERVER[\'PHP_SELF\']`, framework input) is printed into the HTML page without escaping, so a crafted link runs script in the victim\'s browser (reflected XSS).',
  remediation: 'Escape on output with `htmlspecialchars($value, ENT_QUOTES, \'UTF-8\')` (WordPress `esc_html`/`esc_attr`, Laravel Blade `{{ }}`), or render through an auto-escaping template engine; send JSON with `Content-Type: application/json`.',
  docs: {
    summary:
      '`echo`, `print`, `<?= … ?>`, `printf`/`vprintf`, `print_r`, `die`/`exit` of request data (0.8), and markup assembled from request data into a variable this file never prints (`$html .= "<p>{$_GET[\'q\']}</p>"`, printed by a layout; 0.6). `htmlspecialchars`, `htmlentities`, `strip_tags`, `intval`/`(int)`, WordPress `esc_*`, Laravel `e()`, URL encoders and a JSON or plain-text `Content-Type` header stop the flow. Only proven flows are reported.',
    examples: [
      {
        language: 'php',
        bad: "<?php\n$name = $_GET['name'];\necho '<h1>Hello ' . $name . '</h1>';",
        good: "<?php\n$name = $_GET['name'];\necho '<h1>Hello ' . htmlspecialchars($name, ENT_QUOTES, 'UTF-8') . '</h1>';",
      },
    ],
  },
  match,
  triggers: [anyCase(['echo', 'print', ...OUTPUT_FUNCTIONS]), /<\?=/, TAG_START],
});
