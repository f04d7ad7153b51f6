import { REDACTED } from '../../core/findings.js';
import { assignmentView } from './forms.js';
import { isPlaceholder, shannonEntropy } from './heuristics.js';
import { KeywordMatcher } from './keywords.js';
import { decodeBase64Value, isKubernetesSecret, MANIFEST_PATH, secretEntries } from './kubernetes.js';
import type { MatchContext, SecretRule } from './rule.js';
import { contextWords, fileOffset, sectionView } from './sections.js';

/** Lines longer than this are matched in windows around each keyword instead of whole. */
export const MAX_LINE_CHARS = 1024;
/** Half-width of the window matched around a keyword on a long line. */
const WINDOW_CHARS = 320;
/** How far a multi-line rule (key blocks) may reach from the keyword's line. */
const MULTILINE_CHARS = 16_384;
/** Provider sections (sections.ts) looked at in one file: each costs up to 16 KB of work. */
const MAX_SECTIONS = 256;
/** Evidence shows at most this many characters of the line. */
const EVIDENCE_CHARS = 240;

export interface SecretMatch {
  readonly rule: SecretRule;
  readonly secret: string;
  /** Offsets of the secret in the file text. */
  readonly start: number;
  readonly end: number;
  /** 1-based. */
  readonly line: number;
  readonly column: number;
}

/**
 * A match inside the detector: `refuted` when the rule's own structural check
 * (a checksum) said the value is not of its format. Refuted matches are never
 * reported, but a generic rule's match on the same span is dropped with them: a
 * broken `npm_…` checksum is a fake npm token, not an unknown credential.
 */
interface Candidate extends SecretMatch {
  readonly refuted?: true;
}

interface Compiled {
  readonly rule: SecretRule;
  readonly regex: RegExp;
}

function compile(rule: SecretRule): Compiled {
  if (rule.requires && (rule.requires.global || rule.requires.sticky)) throw new Error(`Rule ${rule.id}: requires must not be global or sticky`);
  const flags = new Set(rule.pattern.flags.split('').filter((f) => 'imsu'.includes(f)));
  flags.add(rule.anchored || rule.startsAtName ? 'y' : 'g');
  flags.add('d');
  if (!/\(\?<secret>/.test(rule.pattern.source)) throw new Error(`Rule ${rule.id}: pattern has no (?<secret>…) group`);
  if ((rule.anchored || rule.startsAtName) && rule.multiline) throw new Error(`Rule ${rule.id}: anchored and multiline do not combine`);
  if (rule.anchored && rule.startsAtName) throw new Error(`Rule ${rule.id}: anchored and startsAtName do not combine`);
  if (rule.startsAtName && !rule.pattern.source.startsWith(NAME_START_GUARD)) throw new Error(`Rule ${rule.id}: a startsAtName pattern begins with ${NAME_START_GUARD}`);
  return { rule, regex: new RegExp(rule.pattern.source, [...flags].join('')) };
}

/** Offsets of line starts, built only for files that have matches. */
class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  /** 0-based line of an offset. */
  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
  startOf(line: number): number {
    return this.starts[line] as number;
  }
  /** [start, end) of the line holding `offset`, without the newline. */
  boundsOf(offset: number, textLength: number): [number, number] {
    const line = this.lineOf(offset);
    const next = this.starts[line + 1];
    return [this.starts[line] as number, next === undefined ? textLength : next - 1];
  }
}

/** Characters of a setting's name, as the `startsAtName` rules' patterns spell them. */
const isNameChar = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 46 || code === 45;

/** The lookbehind a `startsAtName` pattern begins with: no name character before the match. */
const NAME_START_GUARD = '(?<![\\w.-])';

/** Longest name prefix walked back over before a keyword (longer names are not settings). */
const NAME_WALK_CHARS = 128;

/** Where the name holding the character at `offset` starts. */
function nameStart(text: string, offset: number): number {
  let start = offset;
  while (start > 0 && offset - start < NAME_WALK_CHARS && isNameChar(text.charCodeAt(start - 1))) start--;
  return start;
}

const isQuote = (code: number): boolean => code === 34 || code === 39 || code === 96;

function lineBounds(text: string, offset: number): [number, number] {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const nl = text.indexOf('\n', offset);
  return [start, nl === -1 ? text.length : nl];
}

/**
 * The line around `offset`, looked for at most `reach` characters either side: on a
 * minified file (one line of megabytes) an unbounded search per keyword hit is quadratic.
 * A bound that is hit stands in for the line's start or end.
 */
function nearLineBounds(text: string, offset: number, reach: number): [number, number] {
  const low = Math.max(0, offset - reach);
  let start = offset;
  while (start > low && text.charCodeAt(start - 1) !== 10) start--;
  const high = Math.min(text.length, offset + reach);
  let end = offset;
  while (end < high && text.charCodeAt(end) !== 10) end++;
  return [start, end];
}

/**
 * Runs a rule set over file texts. One keyword pass selects which rules run
 * where; each selected rule's regex then runs only on the lines (or windows of
 * long lines) around its keywords. Per-file state only.
 */
export class SecretDetector {
  private readonly compiled: readonly Compiled[];
  private readonly matcher: KeywordMatcher;
  /** Rules without keywords: recognised by path alone, run over the first bytes of matching files. */
  private readonly fileRules: readonly number[];
  /** keyword index → indices of rules that use it. */
  private readonly rulesOfKeyword: readonly (readonly number[])[];
  /** Rules restricted to some paths. */
  private readonly pathRules: readonly number[];
  /** Per rule before a file's path is known: 1 runs, 2 runs if the text meets its `requires`. */
  private readonly initialState: Uint8Array;
  /** keyword index → rules that take it as their provider's name from a section header (sections.ts), if any. */
  private readonly contextRules: readonly (readonly number[] | undefined)[];
  private readonly keywordLengths: readonly number[];
  /** Per context keyword: a detector of its rules alone, built on first use. */
  private readonly contextDetectors = new Map<number, SecretDetector>();

  constructor(rules: readonly SecretRule[]) {
    this.compiled = rules.map(compile);
    const keywords: string[] = [];
    const byKeyword = new Map<string, number[]>();
    rules.forEach((rule, index) => {
      if (rule.keywords.length === 0 && !rule.pathPattern) throw new Error(`Rule ${rule.id} has no keywords and no pathPattern`);
      for (const k of rule.keywords) {
        const key = k.toLowerCase();
        let list = byKeyword.get(key);
        if (!list) {
          list = [];
          byKeyword.set(key, list);
          keywords.push(key);
        }
        if (!list.includes(index)) list.push(index);
      }
    });
    const byContext = new Map<string, number[]>();
    rules.forEach((rule, index) => {
      for (const word of contextWords(rule)) byContext.set(word, [...(byContext.get(word) ?? []), index]);
    });
    for (const word of byContext.keys()) {
      if (byKeyword.has(word)) continue;
      byKeyword.set(word, []);
      keywords.push(word);
    }
    this.contextRules = keywords.map((k) => byContext.get(k));
    this.keywordLengths = keywords.map((k) => k.length);
    this.matcher = new KeywordMatcher(keywords);
    this.fileRules = rules.flatMap((rule, index) => (rule.keywords.length === 0 ? [index] : []));
    this.rulesOfKeyword = keywords.map((k) => byKeyword.get(k) ?? []);
    this.pathRules = rules.flatMap((rule, index) => (rule.pathPattern ? [index] : []));
    this.initialState = new Uint8Array(rules.length);
    rules.forEach((rule, index) => (this.initialState[index] = rule.requires ? 2 : 1));
  }

  /**
   * Every match in one file: the text as written, then (when the file has any) its
   * alternative assignment forms rewritten in place (see forms.ts), then the decoded
   * values of a Kubernetes Secret's `data:`, then the blocks under a header that names a
   * provider (sections.ts).
   */
  scan(path: string, text: string): SecretMatch[] {
    const headers: number[] = [];
    const found = this.scanView(path, text, text, headers);
    const view = assignmentView(path, text);
    if (view !== undefined) addNew(found, this.scanView(path, text, view));
    if (MANIFEST_PATH.test(path) && isKubernetesSecret(text)) addNew(found, this.scanSecretData(path, text));
    if (headers.length > 0) addNew(found, this.scanSections(path, text, headers));
    return dropShadowedGeneric(found).filter((m) => !m.refuted);
  }

  /**
   * Runs the rules over `view`, a same-length rewrite of `text` (or `text` itself).
   * A match is kept only where the file holds the same characters. `headers`, when given,
   * collects (keyword, offset) pairs of the context words met.
   */
  private scanView(path: string, text: string, view: string, headers?: number[]): Candidate[] {
    const found: Candidate[] = [];
    /** Per rule: offsets before this were already covered by an earlier window (-1: none yet). */
    const coveredUntil = new Int32Array(this.compiled.length).fill(-1);
    const seen = new Set<number>();
    let lines: LineIndex | undefined;
    /** Per rule: 0 skipped on this file, 1 runs, 2 runs if the text meets its `requires` (decided at its first keyword). */
    const allowed = this.initialState.slice();
    for (const ruleIndex of this.pathRules) {
      if (!((this.compiled[ruleIndex] as Compiled).rule.pathPattern as RegExp).test(path)) allowed[ruleIndex] = 0;
    }
    const runs = (ruleIndex: number): boolean => {
      const state = allowed[ruleIndex];
      if (state !== 2) return state === 1;
      const ok = (this.compiled[ruleIndex] as Compiled).rule.requires?.test(text) === true;
      allowed[ruleIndex] = ok ? 1 : 0;
      return ok;
    };

    const report = (ruleIndex: number, m: RegExpExecArray, from: number) => {
      const span = m.indices?.groups?.secret;
      const secret = m.groups?.secret;
      if (!span || !secret) return;
      const start = from + span[0];
      const key = ruleIndex * 2 ** 32 + start;
      if (seen.has(key)) return;
      seen.add(key);
      if (view !== text && text.slice(start, start + secret.length) !== secret) return;
      const rule = (this.compiled[ruleIndex] as Compiled).rule;
      const verdict = this.accept(rule, secret, { path, text: view, offset: start, groups: m.groups ?? {} });
      if (verdict === 'no') return;
      lines ??= new LineIndex(view);
      const line = lines.lineOf(start);
      const match = { rule, secret, start, end: start + secret.length, line: line + 1, column: start - lines.startOf(line) + 1 };
      found.push(verdict === 'refuted' ? { ...match, refuted: true } : match);
    };

    for (const ruleIndex of this.fileRules) {
      if (!runs(ruleIndex)) continue;
      const { regex } = this.compiled[ruleIndex] as Compiled;
      const head = view.slice(0, MULTILINE_CHARS);
      regex.lastIndex = 0;
      for (let m = regex.exec(head); m !== null; m = regex.exec(head)) {
        if (m[0].length === 0) regex.lastIndex++;
        report(ruleIndex, m, 0);
        if (!regex.global) break;
      }
    }

    // The line around a keyword hit; hits come in text order, so the last one found is often reused.
    // Past MAX_LINE_CHARS + 1 either way a line is long, and only a window of it is read.
    let near: [number, number] = [-1, -1];
    const boundsAt = (offset: number): [number, number] => {
      if (offset < near[0] || offset >= near[1] || near[1] - near[0] > MAX_LINE_CHARS) near = nearLineBounds(view, offset, MAX_LINE_CHARS + 1);
      return near;
    };

    this.matcher.scan(view, (keyword, offset) => {
      if (headers !== undefined && this.contextRules[keyword] !== undefined) headers.push(keyword, offset);
      for (const ruleIndex of this.rulesOfKeyword[keyword] ?? []) {
        if (!runs(ruleIndex)) continue;
        const { rule, regex } = this.compiled[ruleIndex] as Compiled;
        if (rule.anchored) {
          // One sticky attempt at the keyword: most keyword hits fail here in a few steps.
          regex.lastIndex = offset;
          const m = regex.exec(view);
          if (m) report(ruleIndex, m, 0);
          continue;
        }
        if (rule.startsAtName) {
          // A match can begin only at the name's start or at a quote just before it; the
          // quote is tried first, as a left-to-right scan would. Matches do not overlap and,
          // as for other rules, stay inside the line (or the window of a long line).
          const [from, to] = window(boundsAt(offset), offset, view.length, false);
          const start = Math.max(from, nameStart(view, offset));
          if (start <= (coveredUntil[ruleIndex] as number)) continue;
          coveredUntil[ruleIndex] = start;
          const chunk = view.slice(from, to);
          const quoted = start > from && isQuote(view.charCodeAt(start - 1));
          regex.lastIndex = quoted ? start - 1 - from : start - from;
          let m = regex.exec(chunk);
          if (m === null && quoted) {
            regex.lastIndex = start - from;
            m = regex.exec(chunk);
          }
          if (m === null) continue;
          coveredUntil[ruleIndex] = from + m.index + m[0].length - 1;
          report(ruleIndex, m, from);
          continue;
        }
        if (offset < (coveredUntil[ruleIndex] as number)) continue;
        const bounds = boundsAt(offset);
        const [from, to] = window(bounds, offset, view.length, rule.multiline === true);
        coveredUntil[ruleIndex] = rule.multiline ? bounds[1] : to - (to - from >= 2 * WINDOW_CHARS ? WINDOW_CHARS / 2 : 0);
        const chunk = view.slice(from, to);
        regex.lastIndex = 0;
        for (let m = regex.exec(chunk); m !== null; m = regex.exec(chunk)) {
          if (m[0].length === 0) regex.lastIndex++;
          report(ruleIndex, m, from);
        }
      }
    });
    return found;
  }

  /**
   * The base64 values under a Kubernetes Secret's `data:`, decoded and scanned as
   * `key="value"` (or, for a multi-line value such as a key file or a
   * .dockerconfigjson, as a file named after the key). A match stands for the
   * encoded value: that is what the file holds, on the line it holds it.
   */
  private scanSecretData(path: string, text: string): SecretMatch[] {
    const found: SecretMatch[] = [];
    let lines: LineIndex | undefined;
    for (const entry of secretEntries(text)) {
      if (!entry.encoded) continue;
      const decoded = decodeBase64Value(entry.value);
      if (decoded === undefined) continue;
      const single = !/[\n"]/.test(decoded);
      const inner = single ? `${entry.key}="${decoded}"` : decoded;
      const matches = this.scanView(`${path}/${entry.key}`, inner, inner).filter((m) => !m.refuted);
      if (matches.length === 0) continue;
      lines ??= new LineIndex(text);
      const line = lines.lineOf(entry.offset);
      const end = entry.offset + entry.value.length;
      for (const rule of new Set(matches.map((m) => m.rule))) {
        found.push({ rule, secret: entry.value, start: entry.offset, end, line: line + 1, column: entry.offset - lines.startOf(line) + 1 });
      }
    }
    return found;
  }

  /**
   * The blocks headed by a line that names a provider (`twilio:`, `[asana]`, `"Twilio": {`,
   * `<twilio>`): each entry rewritten as `<header>_<entry>` and scanned by the rules that
   * take that word as their context; a match maps back to the file's own characters.
   */
  private scanSections(path: string, text: string, headers: readonly number[]): Candidate[] {
    const found: Candidate[] = [];
    const done = new Set<string>();
    const lines = new LineIndex(text);
    let views = 0;
    for (let i = 0; i < headers.length && views < MAX_SECTIONS; i += 2) {
      const keyword = headers[i] as number;
      const offset = headers[i + 1] as number;
      const key = `${keyword}:${lines.lineOf(offset)}`;
      if (done.has(key)) continue;
      done.add(key);
      const section = sectionView(text, lines.boundsOf(offset, text.length), offset, this.keywordLengths[keyword] as number);
      if (section === undefined) continue;
      views++;
      for (const m of this.contextDetector(keyword).scanView(path, section.text, section.text)) {
        const start = fileOffset(section, m.start);
        if (start === undefined || text.slice(start, start + m.secret.length) !== m.secret) continue;
        const line = lines.lineOf(start);
        found.push({ ...m, start, end: start + m.secret.length, line: line + 1, column: start - lines.startOf(line) + 1 });
      }
    }
    return found;
  }

  private contextDetector(keyword: number): SecretDetector {
    let detector = this.contextDetectors.get(keyword);
    if (detector === undefined) {
      detector = new SecretDetector((this.contextRules[keyword] ?? []).map((index) => (this.compiled[index] as Compiled).rule));
      this.contextDetectors.set(keyword, detector);
    }
    return detector;
  }

  /** 'refuted': the rule's own check (a checksum, a decoded shape) rejected a value its pattern matched. */
  private accept(rule: SecretRule, secret: string, context: Omit<MatchContext, 'line'>): 'yes' | 'no' | 'refuted' {
    if (insideEncodedBlob(context.text, context.offset, secret.length)) return 'no';
    if (rule.minEntropy !== undefined && shannonEntropy(secret) < rule.minEntropy) return 'no';
    if (!rule.keepPlaceholders && isPlaceholder(secret)) return 'no';
    if (!rule.validate) return 'yes';
    const { text, offset } = context;
    const [start, end] = nearLineBounds(text, offset, MAX_LINE_CHARS);
    const line = text.slice(start, end);
    return rule.validate(secret, { ...context, line }) ? 'yes' : rule.generic ? 'no' : 'refuted';
  }
}

/**
 * The stretch of text a rule's regex runs on for a keyword at `offset`: the
 * line; a window around the keyword on a long line; for multi-line rules the
 * text from the keyword's line on. Later hits of the same rule inside the
 * stretch add nothing, except near the end of a window (a secret may straddle
 * it) and for multi-line rules (each block gets a window from its first line).
 */
function window([start, end]: [number, number], offset: number, textLength: number, multiline: boolean): [number, number] {
  if (multiline) return [start, Math.min(textLength, start + MULTILINE_CHARS)];
  if (end - start <= MAX_LINE_CHARS) return [start, end];
  return [Math.max(start, offset - WINDOW_CHARS), Math.min(end, offset + WINDOW_CHARS)];
}

/** Appends the matches of `more` that `found` does not hold yet (same rule, same place). */
function addNew(found: Candidate[], more: readonly Candidate[]): void {
  const have = new Map(found.map((m, index) => [`${m.rule.id}:${m.start}`, index]));
  for (const m of more) {
    const at = have.get(`${m.rule.id}:${m.start}`);
    if (at === undefined) found.push(m);
    // Another view accepted what the text as written refuted (a context check passes on the rewritten form).
    else if (found[at]?.refuted && !m.refuted) found[at] = m;
  }
}

/**
 * A generic rule's match is dropped when a specific rule's match overlaps it, and when
 * another generic rule holds the same value with more confidence (one finding per value).
 */
function dropShadowedGeneric(matches: Candidate[]): Candidate[] {
  const specific = matches.filter((m) => !m.rule.generic);
  if (specific.length === matches.length) return matches;
  const best = new Map<string, Candidate>();
  for (const m of matches) {
    if (!m.rule.generic || specific.some((s) => s.start < m.end && m.start < s.end)) continue;
    const span = `${m.start}:${m.end}`;
    const held = best.get(span);
    if (held === undefined || m.rule.confidence > held.rule.confidence) best.set(span, m);
  }
  return matches.filter((m) => !m.rule.generic || best.get(`${m.start}:${m.end}`) === m);
}

/**
 * Evidence: the rule's title and the line, every secret on it replaced by a
 * marker, cut to a bounded length around the first one.
 */
export function evidenceFor(match: SecretMatch, text: string, all: readonly SecretMatch[]): string {
  const [start, end] = lineBounds(text, match.start);
  const onLine = all.filter((m) => m.start < end && m.end > start).sort((a, b) => a.start - b.start);
  let line = '';
  let cursor = start;
  let anchor = 0;
  for (const m of onLine) {
    if (m.start < cursor) continue;
    line += text.slice(cursor, m.start);
    if (m === match) anchor = line.length;
    line += REDACTION_MARKER;
    cursor = Math.min(m.end, end);
  }
  line += text.slice(cursor, Math.max(cursor, end));
  line = line.replace(/\s+/g, ' ').trim();
  if (line.length > EVIDENCE_CHARS) {
    const from = Math.max(0, Math.min(anchor - EVIDENCE_CHARS / 2, line.length - EVIDENCE_CHARS));
    line = `${from > 0 ? '…' : ''}${line.slice(from, from + EVIDENCE_CHARS)}${from + EVIDENCE_CHARS < line.length ? '…' : ''}`;
  }
  return `${match.rule.title}: ${line}`;
}

export const REDACTION_MARKER = REDACTED;

/** Characters of base64, base64url and hex text. */
const isEncodedChar = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 43 || code === 47 || code === 61 || code === 95 || code === 45;

/** This many encoded characters around a match (both sides together) make it part of a blob. */
export const BLOB_RUN_CHARS = 200;

/**
 * Whether the match sits inside a long unbroken run of base64/hex characters (an embedded file,
 * a table of hashes). Token-shaped substrings and context words ("ibm", "key") occur in such
 * blobs by chance; a committed credential is delimited by quotes, spaces, `;` or line ends.
 * Only the characters around the match count, so a long token (a JWT) is not a blob itself.
 */
export function insideEncodedBlob(text: string, offset: number, length: number): boolean {
  let around = 0;
  for (let i = offset - 1; i >= 0 && around < BLOB_RUN_CHARS && isEncodedChar(text.charCodeAt(i)); i--) around++;
  for (let i = offset + length; i < text.length && around < BLOB_RUN_CHARS && isEncodedChar(text.charCodeAt(i)); i++) around++;
  return around >= BLOB_RUN_CHARS;
}
