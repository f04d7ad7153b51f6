import { textOf } from '../ast.js';
import { defineRule, OWASP, PHP, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { anyCase } from '../prefilter.js';
import { looksLikeUrl } from '../function-model/guards.js';
import { pathSinkMatches } from '../function-model/flows.js';
import { taintSource } from '../helpers.js';

/** File functions and the positions of their path arguments. */
const FUNCTIONS: Readonly<Record<string, readonly number[]>> = Object.freeze({
  fopen: [0], file_get_contents: [0], file_put_contents: [0], readfile: [0], file: [0], unlink: [0], rmdir: [0], mkdir: [0], opendir: [0], scandir: [0], glob: [0],
  copy: [0, 1], rename: [0, 1], symlink: [0, 1], link: [0, 1], move_uploaded_file: [1], highlight_file: [0], show_source: [0], parse_ini_file: [0], touch: [0], chmod: [0],
  gzopen: [0], simplexml_load_file: [0], tempnam: [0],
});
/** Functions that also open URLs: a URL-like argument belongs to php-ssrf. */
const URL_CAPABLE = new Set(['fopen', 'file_get_contents', 'readfile', 'file', 'copy', 'simplexml_load_file']);
const CLASSES = new Set(['SplFileObject', 'SplFileInfo', 'DirectoryIterator', 'RecursiveDirectoryIterator']);
const SANITISERS = new Set(['sanitize_file_name', 'sanitizeFileName', 'md5', 'sha1', 'hash', 'crc32', 'uniqid']);
const NORMALISER = /\brealpath\s*\(/;
const PREFIX = /\b(?:strpos|stripos|str_starts_with|strncmp|substr|preg_match)\s*\(/;
const GUARD = /in_array\s*\(|preg_match\s*\(|['"]\.\.['"]|str_contains\s*\(|array_key_exists\s*\(|isset\s*\(\s*\$(?:allowed|whitelist|allowlist)/i;

function pathArguments(ctx: RuleContext, call: QualifiedCall) {
  const name = call.name.toLowerCase();
  if (call.isNew) return CLASSES.has(call.method) ? call.args.slice(0, 1) : [];
  if (!call.receiver && FUNCTIONS[name]) return (FUNCTIONS[name] ?? []).map((i) => call.args[i]).filter((a) => a !== undefined);
  // Laravel: Storage::get($p), response()->download($p) / ->file($p).
  if (/^(?:\\?Illuminate\\Support\\Facades\\)?Storage\.(?:get|download|delete|readStream|put|path)$/.test(call.name)) return call.args.slice(0, 1);
  if (/^response\(\)\.(?:download|file)$/.test(call.name)) return call.args.slice(0, 1);
  return [];
}

function match(ctx: RuleContext): Match[] {
  return pathSinkMatches(ctx, {
    pathArguments,
    normaliser: NORMALISER,
    prefix: PREFIX,
    guard: GUARD,
    sanitisers: SANITISERS,
    name: (call) => (call.isNew ? `new ${call.method}` : textOf(ctx.text, call.callee)),
    cleared: (c, call, arg) => URL_CAPABLE.has(call.name.toLowerCase()) && looksLikeUrl(c, arg, taintSource(c, arg, { kind: 'path' })),
  });
}

export const rule = defineRule({
  id: 'php-path-traversal',
  title: 'PHP file path built from untrusted data',
  severity: 'HIGH',
  confidence: 0.5,
  taintConfidence: 0.85,
  cwe: 'CWE-22',
  owasp: OWASP.accessControl,
  languages: PHP,
  description: 'A file is read, written or deleted under a path that contains request data, so `../` sequences or absolute paths reach files outside the intended directory (for example `/etc/passwd` or the application\'s configuration).',
  remediation: 'Keep only the file name with `basename()`, or resolve the path with `realpath()` and check it starts with the base directory; better, look the file up by an identifier or an allow-list.',
  docs: {
    summary:
      '`fopen`, `file_get_contents`, `file_put_contents`, `readfile`, `file`, `unlink`, `copy`, `rename`, `mkdir`, `rmdir`, `scandir`, `move_uploaded_file` (destination), `highlight_file`, `parse_ini_file`, `SplFileObject` and Laravel `Storage::get`/`response()->download` whose path comes from `$_GET`/`$_POST`/`$_REQUEST`/`$_COOKIE` or a framework request. `basename`, a `realpath` + prefix check, `in_array`/`preg_match` checks stop the flow; URL-like values passed to `file_get_contents`/`fopen` are left to `php-ssrf`. Only proven flows are reported.',
    examples: [
      {
        language: 'php',
        bad: "<?php\n$page = $_GET['page'];\n$content = file_get_contents('/var/www/pages/' . $page);\necho htmlspecialchars($content);",
        good: "<?php\n$page = basename($_GET['page']);\n$content = file_get_contents('/var/www/pages/' . $page);\necho htmlspecialchars($content);",
      },
    ],
  },
  match,
  triggers: [anyCase([...Object.keys(FUNCTIONS), ...CLASSES, 'Storage', 'response'])],
});
