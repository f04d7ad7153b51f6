import { descendants, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, PHP, type Match, type RuleContext } from '../rule.js';
import { assignedValues } from '../helpers.js';

/** `$_FILES['x']['name']`: the file name the client sent. */
const CLIENT_NAME = /\$_FILES\s*\[[^\]]+\]\s*\[\s*['"]name['"]\s*\]/;
/** Calls that replace the client's name with one the server chooses. */
const RENAMED = /\b(?:md5|sha1|hash|uniqid|random_bytes|bin2hex|random_int|mt_rand|rand|time|microtime|tempnam)\s*\(/i;

/** Whether an expression, or a variable it reads (followed through its assignments), holds the client's file name. */
function clientName(ctx: RuleContext, node: SyntaxNode, depth = 0, seen = new Set<SyntaxNode>()): boolean {
  if (depth > 6 || seen.has(node)) return false;
  seen.add(node);
  const text = textOf(ctx.text, node);
  if (RENAMED.test(text)) return false;
  if (CLIENT_NAME.test(text)) return true;
  const variables = node.type === 'variable_name' ? [node] : [...descendants(node)].filter((n) => n.type === 'variable_name');
  return variables.some((v) => textOf(ctx.text, v) !== '$_FILES' && assignedValues(ctx, v).some((value) => clientName(ctx, value, depth + 1, seen)));
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (call.receiver || call.name.toLowerCase() !== 'move_uploaded_file') continue;
    const target = call.args[1];
    if (target && clientName(ctx, target)) out.push({ node: call.node, detail: 'The uploaded file is stored under the name (and so the extension) the client chose.' });
  }
  return out;
}

export const rule = defineRule({
  id: 'php-unrestricted-upload',
  title: 'PHP upload stored under the client\'s file name',
  severity: 'HIGH',
  confidence: 0.7,
  taintConfidence: 0.9,
  cwe: 'CWE-434',
  owasp: OWASP.design,
  languages: PHP,
  description: 'An uploaded file is moved to a path built from `$_FILES[…][\'name\']`: the client picks the extension, so a `.php` (or `.phtml`, `.htaccess`) file lands where the web server may execute it. MIME-type and image checks do not stop this, as both are under the client\'s control.',
  remediation: 'Store uploads under a name the server generates (`bin2hex(random_bytes(16))`) with an extension chosen from an allow-list of the detected type, outside the web root or in a folder where scripts never run; re-encode images.',
  docs: {
    summary: '`move_uploaded_file()` whose destination contains the client\'s file name (`$_FILES[…][\'name\']`, also through `basename()` and variables). A destination renamed with `md5`/`sha1`/`hash`/`uniqid`/`random_bytes` is not reported.',
    examples: [
      {
        language: 'php',
        bad: "<?php\n$target = 'uploads/' . basename($_FILES['file']['name']);\nmove_uploaded_file($_FILES['file']['tmp_name'], $target);",
        good: "<?php\n$ext = ['image/png' => 'png', 'image/jpeg' => 'jpg'][mime_content_type($_FILES['file']['tmp_name'])] ?? null;\nif ($ext === null) { exit; }\nmove_uploaded_file($_FILES['file']['tmp_name'], '/srv/uploads/' . bin2hex(random_bytes(16)) . '.' . $ext);",
      },
    ],
  },
  match,
  triggers: ['move_uploaded_file'],
});
