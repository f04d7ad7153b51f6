import { child, namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { catastrophicBacktracking, REPEATED_GROUP } from '../regex-backtracking.js';
import { defineRule, OWASP, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { stringLiteral } from '../helpers.js';

/**
 * Where each language writes a pattern as a constant: regex literals, and the calls that compile
 * their first argument. Go is left out: its `regexp` package is RE2, which never backtracks.
 */
const PATTERN_CALLS: Readonly<Record<string, (c: QualifiedCall) => boolean>> = Object.freeze({
  javascript: (c) => c.method === 'RegExp' && (c.name === 'RegExp' || c.name === 'new RegExp' || c.isNew),
  python: (c) => /^(?:re|regex)\.(?:compile|match|search|fullmatch|findall|finditer|sub|subn|split)$/.test(c.qualified),
  java: (c) => (c.method === 'compile' && /(?:^|\.)Pattern\.compile$/.test(c.name)) || (c.method === 'matches' && /(?:^|\.)Pattern\.matches$/.test(c.name)) || ((c.method === 'matches' || c.method === 'replaceAll' || c.method === 'replaceFirst' || c.method === 'split') && c.receiver !== undefined && c.args.length >= 1 && !/(?:^|\.)Pattern\./.test(c.name)),
  php: (c) => /^preg_(?:match|match_all|replace|replace_callback|split|grep)$/.test(c.name),
  ruby: (c) => c.name === 'Regexp.new' || c.name === 'Regexp.compile',
});

/** A PHP pattern without its delimiters and modifiers (`/a+/i`, `#x#`, `{a}`). */
function phpPattern(literal: string): string | undefined {
  const open = literal[0];
  if (open === undefined || /[\w\s\\]/.test(open)) return undefined;
  const close = ({ '(': ')', '[': ']', '{': '}', '<': '>' } as Record<string, string>)[open] ?? open;
  const end = literal.lastIndexOf(close);
  return end > 0 ? literal.slice(1, end) : undefined;
}

/** Regex literals written in the language's own syntax (`/…/` in JavaScript and Ruby), with their pattern text. */
function regexLiterals(ctx: RuleContext): { node: SyntaxNode; pattern: string }[] {
  const out: { node: SyntaxNode; pattern: string }[] = [];
  if (ctx.language === 'javascript' || ctx.language === 'typescript' || ctx.language === 'tsx') {
    for (const node of ctx.nodes.of('regex')) {
      const pattern = child(node, 'pattern');
      if (pattern) out.push({ node, pattern: textOf(ctx.text, pattern) });
    }
  } else if (ctx.language === 'ruby') {
    for (const node of ctx.nodes.of('regex')) {
      const parts = namedChildren(node);
      // An interpolated pattern is not a constant.
      if (parts.some((p) => p.type !== 'string_content' && p.type !== 'escape_sequence')) continue;
      out.push({ node, pattern: parts.map((p) => textOf(ctx.text, p)).join('') });
    }
  }
  return out;
}

function match(ctx: RuleContext): Match[] {
  const family = ctx.language === 'typescript' || ctx.language === 'tsx' ? 'javascript' : ctx.language;
  const compiles = PATTERN_CALLS[family];
  const found: { node: SyntaxNode; pattern: string; wholeInput?: boolean }[] = regexLiterals(ctx);
  if (compiles) {
    for (const call of ctx.calls) {
      if (!compiles(call)) continue;
      const arg = call.args[0] ?? call.kwargs.get('pattern');
      const literal = arg ? stringLiteral(ctx, arg) : undefined;
      if (literal === undefined || arg === undefined) continue;
      // Java, PHP and Ruby strings come as written: a doubled backslash is one in the pattern.
      const value = family === 'java' || family === 'php' || family === 'ruby' ? literal.replace(/\\\\/g, '\\') : literal;
      const pattern = family === 'php' ? phpPattern(value) : value;
      // `String.matches`, `Pattern.matches` and `re.fullmatch` must match the whole input.
      const wholeInput = call.method === 'matches' || call.method === 'fullmatch';
      if (pattern !== undefined) found.push({ node: arg, pattern, wholeInput });
    }
  }
  return found
    .filter((f) => catastrophicBacktracking(f.pattern, { wholeInput: f.wholeInput === true }))
    .map((f) => ({
      node: f.node,
      detail: `The pattern \`${f.pattern.length > 80 ? `${f.pattern.slice(0, 77)}...` : f.pattern}\` repeats a group that can itself match a run of characters in several ways.`,
    }));
}

export const rule = defineRule({
  id: 'regex-catastrophic-backtracking',
  title: 'Regular expression with catastrophic backtracking (ReDoS)',
  severity: 'MEDIUM',
  confidence: 0.7,
  taintConfidence: 0.7,
  cwe: 'CWE-1333',
  owasp: OWASP.design,
  languages: Object.freeze(['javascript', 'typescript', 'tsx', 'python', 'java', 'php', 'ruby']),
  description:
    'A constant regular expression nests unbounded repetitions (`(a+)+`, `(\\w+\\s?)*`): on an input that almost matches, a backtracking engine tries exponentially many ways to split it, and one request of a few dozen characters can hold the process for minutes.',
  remediation:
    'Remove the inner or the outer repetition (`([0-9]+)+#` → `[0-9]+#`), make the repeated group start with a character it must match, or use an engine that does not backtrack (RE2, `re2` for Node.js, Python `google-re2`); bound the input length before matching.',
  docs: {
    summary:
      'Regex literals (JavaScript, Ruby) and constant patterns given to `new RegExp`, Python `re.*`/`regex.*`, Java `Pattern.compile`/`String.matches`/`replaceAll`/`split`, PHP `preg_*` and Ruby `Regexp.new`, when a group repeated without bound (`*`, `+`, `{n,}`) has a body made only of an unbounded repetition and optional parts. Only when something after the group can fail (`#`, `$`, or a match of the whole input: `String.matches`, `fullmatch`): without it the first way of matching always succeeds. A mandatory character between repetitions (`(\\s*,\\s*\\w+)*`), atomic groups and possessive quantifiers are safe and not reported; overlapping alternations (`(a|ab)*`) are not judged. Go is not covered: RE2 runs in linear time.',
    examples: [
      {
        language: 'javascript',
        bad: "function validRouting(value) {\n  const routing = /([0-9]+)+#/;\n  return routing.test(value);\n}",
        good: "function validRouting(value) {\n  const routing = /^[0-9]+#$/;\n  return routing.test(value);\n}",
      },
      {
        language: 'python',
        bad: "import re\n\ndef is_words(text):\n    return re.match(r'^(\\w+\\s?)*$', text) is not None",
        good: "import re\n\ndef is_words(text):\n    return re.match(r'^\\w+(?:\\s\\w+)*$', text) is not None",
      },
      {
        language: 'java',
        bad: 'import java.util.regex.Pattern;\n\nclass Check {\n    static final Pattern CODE = Pattern.compile("^(\\\\d+)+$");\n}',
        good: 'import java.util.regex.Pattern;\n\nclass Check {\n    static final Pattern CODE = Pattern.compile("^\\\\d+$");\n}',
      },
      {
        language: 'php',
        bad: "<?php\nfunction valid_name($name) {\n    return preg_match('/^([a-z]+)*$/', $name) === 1;\n}",
        good: "<?php\nfunction valid_name($name) {\n    return preg_match('/^[a-z]*$/', $name) === 1;\n}",
      },
      {
        language: 'ruby',
        bad: "def valid_tag?(tag)\n  tag.match?(/\\A(\\w+-?)*\\z/)\nend",
        good: "def valid_tag?(tag)\n  tag.match?(/\\A\\w+(?:-\\w+)*\\z/)\nend",
      },
    ],
  },
  match,
  triggers: [REPEATED_GROUP],
});
