/**
 * Provider sections: a provider's name on the line that opens a block of
 * settings rather than in each key of the block.
 *
 *     twilio:                  [asana]            "Twilio": {          <twilio>
 *       auth_token: 3f…        token = "1/…"        "AuthToken": "3f…"    <authToken>3f…</authToken>
 *
 * Rules that need a provider word near a value (its context words, see
 * contextWords) accept the word from such a header: the detector rewrites each
 * entry of the block as `<header>_<entry>` (`twilio_auth_token: 3f…`) into a
 * small view, runs only those rules over it, and maps what they find back to
 * the file. Every character from the entry's key (or value) on is the file's
 * own, so a match maps back by a constant offset.
 */
import type { SecretRule } from './rule.js';
import { namesSomethingElse, SECRET_NAME_WORD } from './generic.js';

/** Lines of a block looked at below its header. */
const MAX_SECTION_LINES = 200;
/** Characters of a block looked at below its header. */
const MAX_SECTION_CHARS = 16_384;
/** Header lines longer than this are code, not a header. */
const MAX_HEADER_CHARS = 300;

/** `twilio:` / `- twilio:` / `"twilio":` with nothing after it but an anchor or a comment (YAML). */
const YAML_HEADER = /^(?<indent>[ \t]{0,40}(?:-[ \t]{1,4})?)["']?(?<name>[\w.$-]{1,80})["']?[ \t]{0,4}:[ \t]{0,4}(?:&[\w.-]{1,60}[ \t]{0,4})?(?:#.{0,200})?$/;
/** `[twilio]`, `[services.twilio]`, `[[twilio]]`, `[profile twilio]` (INI, TOML). */
const INI_HEADER = /^[ \t]{0,16}\[\[?(?<name>[\w.$ "'-]{1,80})\]\]?[ \t]{0,4}(?:[#;].{0,200})?$/;
/**
 * A block opened by `{` at the end of the line: `"twilio": {` (JSON), `twilio: {` / `twilio = {` (JS, Python,
 * Ruby), `const twilio = {`, `provider "twilio" {` / `twilio {` (HCL).
 */
const BRACE_HEADER =
  /^[ \t]{0,40}(?!(?:if|else|elif|for|foreach|while|switch|match|case|when|unless|until|return|do|try|catch|with|func|function|fn|def)\b)(?:[A-Za-z_$][\w$]{0,30}[ \t]{1,4}){0,2}["'`]?(?<name>[\w.$-]{1,80})["'`]?[ \t]{0,4}(?:[:=][ \t]{0,4}|=>[ \t]{0,4}|\([ \t]{0,4})?\{[ \t]*(?:(?:\/\/|#).{0,200})?$/;
/** `<twilio>` or `<Twilio enabled="true">` alone on its line (XML). */
const XML_HEADER = /^[ \t]{0,40}<(?<name>[A-Za-z_][\w.:-]{0,80})(?:[ \t][^<>]{0,200}[^/<>])?>[ \t]*$/;

/** An entry of a block: `key: value`, `key = value`, `"key": value`, `- key: value`, `key => value`. */
const ENTRY = /^[ \t]{0,80}(?:-[ \t]{1,4})?(?<q>["'`]?)(?<key>[A-Za-z_$][\w$.-]{0,80})\k<q>[ \t]{0,4}(?::=|=>|=|:)[ \t]{0,4}\S/;
/** `<key>value</key>` on one line. */
const XML_ELEMENT = /^[ \t]{0,80}<(?<key>[A-Za-z_][\w.:-]{0,80})(?:[ \t][^<>]{0,200})?>(?=[^<>]{1,1024}<\/\k<key>>)/;
/** `<add key="AuthToken" value="…"/>` (.NET appSettings and the like). */
const XML_KEY_VALUE = /\b(?:key|name)[ \t]{0,2}=[ \t]{0,2}(?<q>["'])(?<key>[A-Za-z_][\w.:-]{0,80})\k<q>[ \t]{1,8}value[ \t]{0,2}=[ \t]{0,2}(?=["'])/;

/**
 * Last words of keys that name an identifier, an address or a description, not a credential
 * (`projectId`, `account_sid`, `API_URL`, `description`): under a provider's section they hold its
 * public ids and prose (a CRD schema under `pagerDutyImageConfigs:`). Besides those the generic
 * detector knows (namesSomethingElse).
 */
const IDENTIFIER_WORDS = new Set(['id', 'ids', 'sid', 'url', 'urls', 'uri', 'host', 'hosts', 'hostname', 'endpoint', 'region', 'user', 'username', 'name', 'email', 'domain', 'default', 'example', 'examples', 'enum', 'summary', 'comment', 'note', 'help', 'usage']);

/** Whether a key names an identifier, an address or a description by its last word, CamelCase or separated. */
export function isIdentifierKey(key: string): boolean {
  const words = key.split(/[_.$-]+|(?<=[a-z0-9])(?=[A-Z])/);
  return IDENTIFIER_WORDS.has((words[words.length - 1] ?? '').toLowerCase()) || namesSomethingElse(key);
}

/** One line of a section view: `head` is the view's own text, the rest is the file's from `fileFrom` on. */
export interface ViewLine {
  readonly viewStart: number;
  readonly head: number;
  readonly fileFrom: number;
}

export interface SectionView {
  readonly text: string;
  readonly lines: readonly ViewLine[];
}

/**
 * The block headed by the line [start, end) that holds a context word at [offset, offset + length),
 * rewritten as `<header>_<entry>` lines; undefined when the word is not in a header's
 * name, or not at the start of one of its words (`laws:` does not name AWS).
 */
export function sectionView(text: string, [start, end]: readonly [number, number], offset: number, length: number): SectionView | undefined {
  if (end - start > MAX_HEADER_CHARS) return undefined;
  const line = text.slice(start, text.charCodeAt(end - 1) === 13 ? end - 1 : end);
  const at = offset - start;
  const header = headerOf(line);
  if (!header) return undefined;
  const nameStart = line.indexOf(header.name, header.nameFrom);
  if (nameStart === -1 || at < nameStart || at + length > nameStart + header.name.length || !startsWord(line, at)) return undefined;
  const name = header.name.replace(/[^\w.$-]+/g, '_');
  const view: string[] = [];
  const lines: ViewLine[] = [];
  let viewLength = 0;
  const add = (head: string, lineStart: number, from: number, body: string) => {
    lines.push({ viewStart: viewLength, head: head.length, fileFrom: lineStart + from });
    const written = `${head}${body.slice(from)}`;
    view.push(written);
    viewLength += written.length + 1;
  };
  for (const { text: body, offset: lineStart } of header.body(text, end + 1)) {
    const entry = ENTRY.exec(body);
    if (entry?.groups) {
      if (isIdentifierKey(entry.groups.key ?? '')) continue;
      add(`${name}_`, lineStart, (entry.index ?? 0) + entry[0].indexOf(entry.groups.key ?? '', (entry.groups.q ?? '').length), body);
      continue;
    }
    const element = XML_ELEMENT.exec(body) ?? XML_KEY_VALUE.exec(body);
    if (element?.groups && !isIdentifierKey(element.groups.key ?? '')) add(`${name}_${element.groups.key ?? ''}=`, lineStart, element.index + element[0].length, body);
  }
  return lines.length === 0 ? undefined : { text: view.join('\n'), lines };
}

/** The file offset of a view offset, or undefined inside a line's own head. */
export function fileOffset(view: SectionView, offset: number): number | undefined {
  let lo = 0;
  let hi = view.lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((view.lines[mid] as ViewLine).viewStart <= offset) lo = mid;
    else hi = mid - 1;
  }
  const line = view.lines[lo] as ViewLine;
  const into = offset - line.viewStart - line.head;
  return into < 0 ? undefined : line.fileFrom + into;
}

/**
 * The names of the headers a value's line sits under, nearest first, at most `depth`: walking
 * up, each line indented less than all below it that opens a block (a YAML key, a JSON or HCL
 * object, an XML element), and the INI/TOML section the line is in. Pretty-printed files only:
 * indentation is what tells the levels apart.
 */
export function enclosingHeaders(text: string, offset: number, depth = 2): string[] {
  const out: string[] = [];
  let end = text.lastIndexOf('\n', offset - 1);
  const own = text.slice(end + 1, offset);
  let min = indentWidth(own);
  for (let n = 0; n < MAX_SECTION_LINES && end > 0 && out.length < depth && offset - end < MAX_SECTION_CHARS; n++) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    end = start - 1;
    if (isBlank(line) || line.length > MAX_HEADER_CHARS) continue;
    const indent = indentWidth(line);
    const section = INI_HEADER.exec(line);
    if (section?.groups && indent <= min) {
      out.push(section.groups.name ?? '');
      break;
    }
    if (indent >= min) continue;
    min = indent;
    const header = headerOf(line);
    if (header) out.push(header.name);
  }
  return out;
}

interface BodyLine {
  readonly text: string;
  readonly offset: number;
}

interface Header {
  readonly name: string;
  /** Where in the line the name may start (after an indent or a leading keyword). */
  readonly nameFrom: number;
  body(text: string, from: number): Iterable<BodyLine>;
}

function headerOf(line: string): Header | undefined {
  let m = YAML_HEADER.exec(line);
  if (m?.groups) {
    const indent = m.groups.indent ?? '';
    // The block: the lines indented past the name, and a sequence written at the key's own indent (`key:` / `- item`).
    const column = indent.length;
    const item = indent.includes('-');
    const keep = (l: string) => indentWidth(l) > column || (!item && indentWidth(l) === column && /^[ \t]*-[ \t]/.test(l));
    return { name: m.groups.name ?? '', nameFrom: column, body: (text, from) => linesWhile(text, from, keep) };
  }
  m = INI_HEADER.exec(line);
  if (m?.groups) return { name: m.groups.name ?? '', nameFrom: 0, body: (text, from) => linesWhile(text, from, (l) => !/^[ \t]*\[/.test(l)) };
  m = BRACE_HEADER.exec(line);
  if (m?.groups) return { name: m.groups.name ?? '', nameFrom: 0, body: (text, from) => braceBlock(text, from) };
  m = XML_HEADER.exec(line);
  if (m?.groups) {
    const close = `</${m.groups.name ?? ''}`;
    return { name: m.groups.name ?? '', nameFrom: 0, body: (text, from) => linesWhile(text, from, (l) => !l.includes(close)) };
  }
  return undefined;
}

/** The word starts at `at`: first in the name, after a separator, or a CamelCase word (`TwilioSettings`, `myTwilio`). */
function startsWord(line: string, at: number): boolean {
  const before = line.charAt(at - 1);
  if (!/[A-Za-z0-9]/.test(before)) return true;
  return /[a-z0-9]/.test(before) && /[A-Z]/.test(line.charAt(at));
}

function indentWidth(line: string): number {
  return line.length - line.trimStart().length;
}

const isBlank = (line: string): boolean => line.trim() === '' || /^[ \t]*(?:#|\/\/|;)/.test(line);

/** Lines from `from` on while `keep` holds (blank and comment lines do not end the block), within the caps. */
function* linesWhile(text: string, from: number, keep: (line: string) => boolean): Iterable<BodyLine> {
  let offset = from;
  for (let n = 0; n < MAX_SECTION_LINES && offset < text.length && offset - from < MAX_SECTION_CHARS; n++) {
    let end = text.indexOf('\n', offset);
    if (end === -1) end = text.length;
    const line = text.slice(offset, text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    if (!isBlank(line)) {
      if (!keep(line)) return;
      yield { text: line, offset };
    }
    offset = end + 1;
  }
}

/** The lines of a `{ … }` block opened at the end of the line before `from`, up to its closing brace (strings skipped). */
function* braceBlock(text: string, from: number): Iterable<BodyLine> {
  let depth = 1;
  for (const line of linesWhile(text, from, () => depth > 0)) {
    yield line;
    depth += braceBalance(line.text);
  }
}

/** `{` minus `}` on a line, outside strings. */
function braceBalance(line: string): number {
  let balance = 0;
  let quote = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (quote !== 0) {
      if (c === 92) i++;
      else if (c === quote) quote = 0;
    } else if (c === 34 || c === 39 || c === 96) quote = c;
    else if (c === 123) balance++;
    else if (c === 125) balance--;
  }
  return balance;
}

/**
 * The words that name a rule's provider, looked for in section headers: the rule's own
 * `context`, or else its keywords that are plain words (`twilio`, `sumo`, `aws`) and their
 * spellings with separators (`private_ai` beside `privateai`), less the words that name a kind
 * of credential rather than a provider (`secret`, `token`, `accountkey`). Generic and anchored
 * rules have none unless they say so: their values carry their own prefix or no provider at all.
 */
export function contextWords(rule: SecretRule): readonly string[] {
  if (rule.context) return rule.context.map((w) => w.toLowerCase());
  if (rule.generic || rule.anchored) return [];
  const plain = rule.keywords.filter((k) => /^[a-z][a-z0-9]{2,}$/.test(k) && !/key$/.test(k) && !SECRET_NAME_WORD.test(k));
  const spelled = rule.keywords.filter((k) => /^[a-z0-9]+(?:[_-][a-z0-9]+)+$/.test(k) && plain.includes(k.replace(/[_-]/g, '')));
  return [...plain, ...spelled];
}
