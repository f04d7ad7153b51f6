/**
 * The code scanner: parses JavaScript, TypeScript and Python files with
 * tree-sitter, runs the taint analysis and every rule of the file's language.
 */
import type { RawFinding } from '../../core/findings.js';
import type { FileScanner } from '../../engine/types.js';
import { lineText, NodeIndex } from './ast.js';
import { Imports } from './imports.js';
import { isLanguageLoaded, languageOf, loadAllLanguages, parse, type CodeLanguage } from './parser.js';
import { qualifiedCalls, type CodeRule, type Match, type RuleContext } from './rule.js';
import { CODE_RULES } from './rules/index.js';
import { TaintAnalysis } from './taint.js';

export const CODE_SCANNER_VERSION = '1.0.0';

export const MAX_FILE_BYTES = 512 * 1024;
export const MAX_AVERAGE_LINE_LENGTH = 500;
/** A file whose ERROR nodes cover more than this share of the text is skipped. */
export const MAX_ERROR_SHARE = 0.5;

const SKIPPED_DIRS = /(?:^|\/)(?:node_modules|vendor|dist|bower_components|\.git)\//;

/** Counters of this thread (cheap, for diagnostics). */
export const codeScannerStats = { parsed: 0, skipped: 0, failed: 0 };

export type SkipReason = 'unsupported' | 'excluded-path' | 'too-large' | 'minified' | 'not-loaded' | 'unparsable';

/** Why a file is not scanned, or undefined when it is. */
export function skipReason(path: string, text: string): SkipReason | undefined {
  const language = languageOf(path);
  if (!language) return 'unsupported';
  if (SKIPPED_DIRS.test(path) || /\.min\.[cm]?js$/.test(path)) return 'excluded-path';
  if (Buffer.byteLength(text, 'utf8') > MAX_FILE_BYTES) return 'too-large';
  if (isMinified(text)) return 'minified';
  if (!isLanguageLoaded(language)) return 'not-loaded';
  return undefined;
}

function isMinified(text: string): boolean {
  if (text.length < 2000) return false;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return text.length / lines > MAX_AVERAGE_LINE_LENGTH;
}

const normalise = (s: string): string => s.replace(/\s+/g, ' ').trim();

function toFinding(rule: CodeRule, match: Match, path: string, text: string): RawFinding {
  const sinkText = text.slice(match.node.start, match.node.end);
  const description = match.detail ? `${rule.description} ${match.detail}` : rule.description;
  const evidence = lineText(text, match.node).trim();
  return {
    ruleId: rule.id,
    category: 'code',
    scanner: 'code',
    severity: match.severity ?? rule.severity,
    title: rule.title,
    description,
    evidence: evidence.length > 200 ? `${evidence.slice(0, 197)}...` : evidence,
    remediation: rule.remediation,
    confidence: match.confidence ?? (match.taint ? rule.confidence.taint : rule.confidence.pattern),
    owaspCategories: rule.owasp,
    path,
    line: match.node.row + 1,
    column: match.node.column + 1,
    fingerprintMaterial: `${rule.id}:${normalise(sinkText).slice(0, 300)}`,
  };
}

/** Builds the context rules run against; exposed for tests. */
export function analyse(path: string, text: string, language: CodeLanguage): RuleContext | undefined {
  const parsed = parse(text, language);
  if (!parsed) return undefined;
  if (text.length > 0 && parsed.errorChars / text.length > MAX_ERROR_SHARE) return undefined;
  const nodes = new NodeIndex(parsed.root);
  const imports = new Imports(parsed.root, text, language, (t) => nodes.of(t));
  const taint = new TaintAnalysis(parsed.root, text, language, imports);
  return { path, text, language, root: parsed.root, nodes, imports, taint, calls: qualifiedCalls(text, nodes, imports, language) };
}

export function createCodeScanner(rules: readonly CodeRule[] = CODE_RULES): FileScanner {
  // Counts since the engine last asked (takeCounts): files parsed, skipped (vendored, minified,
  // too large) and unparsable, and rule errors.
  let pending = { parsed: 0, skipped: 0, unparsable: 0, rule_errors: 0 };
  return {
    name: 'code',
    version: CODE_SCANNER_VERSION,
    init: loadAllLanguages,
    takeCounts() {
      const counts = pending;
      pending = { parsed: 0, skipped: 0, unparsable: 0, rule_errors: 0 };
      return counts;
    },
    scanFile({ path, text }) {
      const reason = skipReason(path, text);
      if (reason) {
        if (reason !== 'unsupported') {
          codeScannerStats.skipped++;
          pending.skipped++;
        }
        return [];
      }
      const language = languageOf(path) as CodeLanguage;
      let ctx: RuleContext | undefined;
      try {
        ctx = analyse(path, text, language);
      } catch {
        ctx = undefined;
      }
      if (!ctx) {
        codeScannerStats.skipped++;
        pending.unparsable++;
        return [];
      }
      codeScannerStats.parsed++;
      pending.parsed++;
      const findings: RawFinding[] = [];
      const seen = new Set<string>();
      for (const rule of rules) {
        if (!rule.languages.includes(language)) continue;
        let matches: Match[];
        try {
          matches = rule.match(ctx);
        } catch {
          codeScannerStats.failed++;
          pending.rule_errors++;
          continue;
        }
        for (const m of matches) {
          const key = `${rule.id}:${m.node.start}`;
          if (seen.has(key)) continue;
          seen.add(key);
          findings.push(toFinding(rule, m, path, text));
        }
      }
      return findings.sort((a, b) => a.line - b.line || a.column - b.column);
    },
  };
}

/** Worker-pool entry: the engine imports this module by URL, awaits `init()`, then calls `scanFile`. */
export const scanner: FileScanner = createCodeScanner();
