/**
 * Kubernetes `Secret` manifests (YAML): the entries of `data:` (base64) and
 * `stringData:` (plain), with the offset of each value in the file. The
 * detector decodes `data:` values and scans them; a finding is placed on the
 * encoded value's line and carries the encoded value, which is what the file
 * holds (so evidence, redaction and fixes work on the file's own text).
 */

export interface SecretEntry {
  readonly key: string;
  /** The value as written (base64 under `data:`), without quotes. */
  readonly value: string;
  /** Offset of `value` in the file. */
  readonly offset: number;
  readonly encoded: boolean;
}

/** `kind: Secret` at the top level of some YAML document of the file. */
export const KIND_SECRET = /^kind:[ \t]{0,8}["']?Secret["']?[ \t]*(?:#.*)?$/m;
/** `data:` / `stringData:` opening a block. */
const BLOCK = /^(?<indent>[ \t]{0,16})(?<kind>data|stringData):[ \t]*(?:#.*)?$/;
/** One block entry: `  key: value`, value optionally quoted, single line. */
const ENTRY = /^(?<indent>[ \t]{1,24})(?<key>[\w.-]{1,253}):[ \t]{1,8}(?<q>["']?)(?<value>[^\s"'#][^\s"']{0,8191})\k<q>[ \t]*(?:#.*)?$/;
/** Capped so a huge file costs a bounded amount. */
const MAX_SECRET_FILE_CHARS = 1_048_576;

export function isKubernetesSecret(text: string): boolean {
  return text.length <= MAX_SECRET_FILE_CHARS && text.includes('Secret') && KIND_SECRET.test(text);
}

/** Every data/stringData entry of the Secret documents in `text`. */
export function secretEntries(text: string): SecretEntry[] {
  if (!isKubernetesSecret(text)) return [];
  const out: SecretEntry[] = [];
  for (const doc of documents(text)) {
    if (!KIND_SECRET.test(doc.text)) continue;
    let block: { indent: number; encoded: boolean } | undefined;
    let offset = doc.offset;
    for (const line of doc.text.split('\n')) {
      const start = offset;
      offset += line.length + 1;
      const opened = BLOCK.exec(line);
      if (opened?.groups) {
        block = { indent: (opened.groups.indent ?? '').length, encoded: opened.groups.kind === 'data' };
        continue;
      }
      if (!block || line.trim() === '' || line.trimStart().startsWith('#')) continue;
      const entry = ENTRY.exec(line);
      const indent = line.length - line.trimStart().length;
      if (indent <= block.indent) {
        block = undefined;
        continue;
      }
      if (!entry?.groups) continue;
      const value = entry.groups.value ?? '';
      out.push({ key: entry.groups.key ?? '', value, offset: start + line.indexOf(value, indent), encoded: block.encoded });
    }
  }
  return out;
}

/** The YAML documents of a file (split at `---` lines), with their offsets. */
function documents(text: string): { text: string; offset: number }[] {
  const out: { text: string; offset: number }[] = [];
  const separator = /^---[ \t]*(?:#.*)?$/gm;
  let from = 0;
  for (let m = separator.exec(text); m !== null; m = separator.exec(text)) {
    out.push({ text: text.slice(from, m.index), offset: from });
    from = m.index + m[0].length;
  }
  out.push({ text: text.slice(from), offset: from });
  return out;
}

/** The decoded text of a base64 value, or undefined when it is not base64 of printable UTF-8. */
export function decodeBase64Value(value: string): string | undefined {
  if (value.length < 4 || value.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return undefined;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  // eslint-disable-next-line no-control-regex -- control characters mark binary data
  if (decoded.length === 0 || decoded.includes('\uFFFD') || /[\x00-\x08\x0e-\x1f\x7f]/.test(decoded)) return undefined;
  return decoded;
}
