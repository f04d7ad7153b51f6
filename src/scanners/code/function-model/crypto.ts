/**
 * Shared pieces of the PHP, Go, Java and Ruby weak-hash and weak-cipher rules:
 * algorithm names, the data a digest object is fed, and whether a hash is about
 * a password (HIGH) or over request data (MEDIUM). MD5/SHA-1 for checksums,
 * ETags and cache keys is neither and is not reported. The node kinds and fields are the language
 * profile's (language-profile.ts).
 */
import { child, enclosingFunction, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { localTaint } from './taint.js';
import type { Match, RuleContext } from '../rule.js';
import { enclosingFunctionName, storedUnder } from './purpose.js';
import { mentionsPassword, nameWords } from '../words.js';

/** MD2/4/5, SHA-1 (Java's "SHA" is SHA-1) and RIPEMD-160 names. */
export const WEAK_HASH = /^(?:md[245]|sha-?1|sha|ripemd-?(?:160)?)$/i;
/** OpenSSL-style cipher names (PHP openssl_*, Ruby OpenSSL::Cipher) that are broken, legacy or ECB. */
export const WEAK_OPENSSL_CIPHER = /(?:^|-)(?:des|des3|desx|des-ede3?|rc2|rc4|rc5|bf|blowfish|cast5?|idea|seed)(?:-|$)|-ecb$|^rc4/i;
export const MIN_RSA_BITS = 2048;
/** Words of names of digests that are identifiers, not secrets (an ETag, a cache key, a checksum): a hash of request data stored under them is not reported. */
const BENIGN_DIGEST_WORDS: ReadonlySet<string> = new Set(['cache', 'etag', 'checksum', 'gravatar', 'avatar', 'filename', 'file', 'path', 'dir', 'bucket', 'shard', 'partition', 'color', 'colour', 'lock', 'dedup', 'dedupe', 'tag', 'version', 'css', 'js', 'asset']);

/** Whether the names around a digest (where it is stored, the function) say it is an identifier (every language's weak-hash rules). */
export function namesDigestIdentifier(names: readonly string[]): boolean {
  return names.flatMap(nameWords).some((w) => BENIGN_DIGEST_WORDS.has(w));
}

/**
 * What a digest created at `creation` is fed: the arguments of calls on it in a chain
 * (`getInstance("MD5").digest(x)`) or on the variable holding it (`md.update(x)`).
 */
export function digestInputs(ctx: RuleContext, creation: SyntaxNode, methods: ReadonlySet<string>): SyntaxNode[] {
  const inputs: SyntaxNode[] = [];
  const holder = storedUnder(ctx, creation).variable;
  const holderName = holder ? textOf(ctx.text, holder) : undefined;
  const fn = enclosingFunction(creation, ctx.language);
  for (const call of ctx.calls) {
    // Go: io.WriteString(h, s), fmt.Fprint(h, s).
    if (holderName && /^(?:io\.WriteString|fmt\.Fprint|fmt\.Fprintf|fmt\.Fprintln)$/.test(call.name) && call.args[0] && textOf(ctx.text, call.args[0]) === holderName) {
      inputs.push(...call.args.slice(1));
      continue;
    }
    if (!call.receiver || !methods.has(call.method)) continue;
    if (call.receiver === creation || (call.receiver.start === creation.start && call.receiver.end === creation.end)) inputs.push(...call.args);
    else if (holderName && textOf(ctx.text, call.receiver) === holderName && enclosingFunction(call.node, ctx.language) === fn && call.node.start > creation.start) inputs.push(...call.args);
  }
  // Ruby: digest << data.
  const { kinds, fields } = ctx.profile;
  if (holderName) for (const op of ctx.nodes.of(...kinds.binaries)) {
    const [left, right] = [child(op, fields.binaries.left), child(op, fields.binaries.right)];
    if (left && right && textOf(ctx.text, left) === holderName && ctx.text.slice(left.end, right.start).trim() === '<<' && enclosingFunction(op, ctx.language) === fn) inputs.push(right);
  }
  return inputs;
}

/**
 * A finding for a weak hash when it hashes a password (input, receiving variable or function
 * named so; HIGH) or request data (MEDIUM, with the flow); undefined otherwise.
 */
export function weakHashMatch(ctx: RuleContext, node: SyntaxNode, algorithm: string, inputs: readonly SyntaxNode[]): Match | undefined {
  const label = algorithm.toUpperCase();
  const fnName = enclosingFunctionName(ctx, node);
  const names = [...storedUnder(ctx, node).names, ...(fnName ? [textOf(ctx.text, fnName)] : [])];
  const password = inputs.some((i) => mentionsPassword(textOf(ctx.text, i))) || names.some(mentionsPassword);
  const benign = namesDigestIdentifier(names);
  for (const input of password || !benign ? inputs : []) {
    const source = localTaint(ctx, input);
    if (!source) continue;
    const line = ctx.text.slice(0, Math.max(0, ctx.text.indexOf(source))).split('\n').length;
    return {
      node,
      taint: { source, line },
      ...(password ? {} : { severity: 'MEDIUM' as const }),
      detail: `${label} hashes ${password ? 'a password' : 'request data'} from \`${source.slice(0, 80)}\`; it is fast and broken.`,
    };
  }
  if (password) return { node, detail: `${label} is used on what looks like a password; it is fast, unsalted here and broken.` };
  return undefined;
}
