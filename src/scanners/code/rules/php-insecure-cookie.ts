import { namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, PHP, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { anyCase } from '../prefilter.js';
import { sensitiveCookie } from '../function-model/purpose.js';
import { constantString, isFalseLiteral, resolve } from '../helpers.js';

const COOKIE_FUNCTIONS = new Set(['setcookie', 'setrawcookie']);

/** The value of a key in a PHP array literal (`['secure' => true]`). */
function arrayValue(ctx: RuleContext, array: SyntaxNode, key: string): SyntaxNode | undefined {
  for (const el of namedChildren(array)) {
    const [k, v] = namedChildren(el);
    if (k && v && constantString(ctx, k)?.toLowerCase() === key) return v;
  }
  return undefined;
}

function setcookie(ctx: RuleContext, call: QualifiedCall): Match[] {
  const options = call.args[2] ? resolve(ctx, call.args[2]) : undefined;
  const byArray = options?.type === 'array_creation_expression';
  const secure = byArray ? arrayValue(ctx, options, 'secure') : call.args[5];
  const httponly = byArray ? arrayValue(ctx, options, 'httponly') : call.args[6];
  const flags: [string, SyntaxNode | undefined][] = [['secure', secure], ['httponly', httponly]];
  const explicit = flags.filter(([, v]) => isFalseLiteral(ctx, v)).map(([k]) => k);
  if (explicit.length > 0) return [{ node: call.node, detail: `The cookie is set with ${explicit.map((k) => `\`${k}\` false`).join(' and ')}.` }];
  // Deleting a cookie (empty value or an expiry in the past) carries nothing.
  const value = call.args[1] ? textOf(ctx.text, call.args[1]) : "''";
  if (/^(?:''|""|null|false)$/i.test(value) || (!byArray && /time\(\)\s*-/.test(textOf(ctx.text, call.args[2] ?? call.node)))) return [];
  const sensitive = sensitiveCookie([constantString(ctx, call.args[0]) ?? textOf(ctx.text, call.args[0] ?? call.node)]);
  if (!secure) return [{ node: call.node, severity: sensitive ? 'MEDIUM' : 'LOW', confidence: sensitive ? 0.6 : 0.5, detail: 'The cookie is set without the `secure` flag, so it is also sent over plain HTTP.' }];
  if (sensitive && !httponly) return [{ node: call.node, confidence: 0.6, detail: 'A session or credential cookie is set without `httponly`, so injected script can read it.' }];
  return [];
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (call.receiver || call.isNew) continue;
    const name = call.name.toLowerCase();
    if (COOKIE_FUNCTIONS.has(name)) out.push(...setcookie(ctx, call));
    else if (name === 'session_set_cookie_params') {
      const options = call.args[0] ? resolve(ctx, call.args[0]) : undefined;
      const flags = options?.type === 'array_creation_expression' ? [arrayValue(ctx, options, 'secure'), arrayValue(ctx, options, 'httponly')] : [call.args[3], call.args[4]];
      if (flags.some((f) => isFalseLiteral(ctx, f))) out.push({ node: call.node, detail: 'The session cookie is configured with `secure` or `httponly` false.' });
    } else if (name === 'ini_set' && /^session\.cookie_(?:secure|httponly)$/.test(constantString(ctx, call.args[0]) ?? '') && isFalseLiteral(ctx, call.args[1])) {
      out.push({ node: call.node, detail: `\`${constantString(ctx, call.args[0])}\` is turned off.` });
    }
  }
  return out;
}

export const rule = defineRule({
  id: 'php-insecure-cookie',
  title: 'PHP cookie without Secure or HttpOnly',
  severity: 'MEDIUM',
  confidence: 0.7,
  taintConfidence: 0.9,
  cwe: 'CWE-614',
  owasp: OWASP.misconfiguration,
  languages: PHP,
  description: 'A cookie is set with `secure`/`httponly` false, or without the `secure` flag, so it travels over plain HTTP; a session or credential cookie without `httponly` is readable by injected script.',
  remediation: 'Pass the options array: `setcookie($name, $value, [\'secure\' => true, \'httponly\' => true, \'samesite\' => \'Lax\'])`; for sessions set `session.cookie_secure` and `session.cookie_httponly` to 1.',
  docs: {
    summary:
      '`setcookie`/`setrawcookie` with `secure` or `httponly` false (positional or in the options array; MEDIUM), without `secure` (LOW; MEDIUM for session or token cookies), or a session/token cookie without `httponly` (MEDIUM); `session_set_cookie_params` and `ini_set(\'session.cookie_secure\'|\'session.cookie_httponly\', 0)`. Deleting cookies (empty value, past expiry) are not reported.',
    examples: [
      {
        language: 'php',
        bad: "<?php\nsetcookie('session_token', $token, time() + 3600, '/', '', false, false);",
        good: "<?php\nsetcookie('session_token', $token, ['expires' => time() + 3600, 'path' => '/', 'secure' => true, 'httponly' => true, 'samesite' => 'Lax']);",
      },
    ],
  },
  match,
  triggers: [anyCase([...COOKIE_FUNCTIONS, 'session_set_cookie_params', 'ini_set'])],
});
