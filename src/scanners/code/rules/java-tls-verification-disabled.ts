import { child, namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, JAVA, type Match, type RuleContext } from '../rule.js';

/** Static fields that accept any certificate or host name (Apache HttpClient, Netty). */
const TRUST_ALL_FIELDS = ['NoopHostnameVerifier.INSTANCE', 'SSLConnectionSocketFactory.ALLOW_ALL_HOSTNAME_VERIFIER', 'TrustAllStrategy.INSTANCE', 'InsecureTrustManagerFactory.INSTANCE'];
/** Classes whose instances accept any certificate or host name. */
const TRUST_ALL_CLASS_NAMES = ['NoopHostnameVerifier', 'AllowAllHostnameVerifier', 'TrustAllStrategy', 'TrustSelfSignedStrategy'];
/** Methods taking a verifier or trust strategy, where a lambda returning `true` trusts everything. */
const VERIFIER_SETTERS = ['setHostnameVerifier', 'setDefaultHostnameVerifier', 'hostnameVerifier', 'setSSLHostnameVerifier', 'loadTrustMaterial'];
/** Declared types of such a lambda, and (HostnameVerifier) the interface of a `verify` method. */
const VERIFIER_TYPES = /HostnameVerifier|TrustStrategy/;
const TRUST_ALL_REFERENCES = new RegExp(`^(?:[\\w.]*\\.)?(?:${TRUST_ALL_FIELDS.map((f) => f.replace('.', '\\.')).join('|')})$`);
const TRUST_ALL_CLASSES = new RegExp(`(?:^|\\.)(?:${TRUST_ALL_CLASS_NAMES.join('|')})$`);
const VERIFIER_TARGETS = new RegExp(`(?:^|\\.)(?:${VERIFIER_SETTERS.join('|')})$`);

/** Statements of a block, comments and a bare `return;` excluded. */
const statements = (ctx: RuleContext, block: SyntaxNode | undefined): SyntaxNode[] =>
  block ? namedChildren(block).filter((s) => s.type !== 'line_comment' && s.type !== 'block_comment' && textOf(ctx.text, s) !== 'return;') : [];

/** Whether a method body (or lambda body) does nothing but `return true`. */
function returnsTrue(ctx: RuleContext, body: SyntaxNode | undefined): boolean {
  if (!body) return false;
  if (body.type === 'true') return true;
  const list = statements(ctx, body);
  return list.length === 1 && /^return\s+true\s*;$/.test(textOf(ctx.text, list[0] as SyntaxNode));
}

/** The header of the class (or anonymous class) declaring a method: `class X implements X509TrustManager`, `new HostnameVerifier()`. */
function ownerHeader(ctx: RuleContext, method: SyntaxNode): string {
  const body = method.parent;
  const owner = body?.parent;
  if (!body || !owner) return '';
  return ctx.text.slice(owner.start, body.start);
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const method of ctx.nodes.of('method_declaration')) {
    const name = textOf(ctx.text, child(method, 'name') ?? method);
    const header = ownerHeader(ctx, method);
    if (name === 'checkServerTrusted' && /TrustManager/.test(header) && statements(ctx, child(method, 'body')).length === 0) {
      out.push({ node: method, detail: 'A trust manager whose `checkServerTrusted` does nothing accepts every certificate.' });
    } else if (name === 'verify' && /HostnameVerifier/.test(header) && returnsTrue(ctx, child(method, 'body'))) {
      out.push({ node: method, detail: 'A `HostnameVerifier` returning `true` accepts certificates issued for any host.' });
    }
  }
  for (const lambda of ctx.nodes.of('lambda_expression')) {
    if (!returnsTrue(ctx, child(lambda, 'body'))) continue;
    const call = lambda.parent?.type === 'argument_list' ? lambda.parent.parent : undefined;
    const callee = call ? textOf(ctx.text, child(call, 'name') ?? call) : '';
    const declared = lambda.parent?.type === 'variable_declarator' ? textOf(ctx.text, child(lambda.parent.parent ?? lambda, 'type') ?? lambda) : '';
    if (VERIFIER_TARGETS.test(callee) || VERIFIER_TYPES.test(declared)) out.push({ node: lambda, detail: 'A verifier or trust strategy returning `true` accepts any certificate or host name.' });
  }
  for (const access of ctx.nodes.of('field_access')) {
    if (TRUST_ALL_REFERENCES.test(textOf(ctx.text, access).replace(/\s+/g, ''))) out.push({ node: access, detail: `\`${textOf(ctx.text, access)}\` accepts any certificate or host name.` });
  }
  for (const call of ctx.calls) if (call.isNew && TRUST_ALL_CLASSES.test(call.name)) out.push({ node: call.node, detail: `\`new ${call.name.split('.').at(-1) ?? call.name}()\` accepts any certificate or host name.` });
  return out;
}

export const rule = defineRule({
  id: 'java-tls-verification-disabled',
  title: 'Java TLS certificate or host name verification disabled',
  severity: 'HIGH',
  confidence: 0.8,
  taintConfidence: 0.9,
  cwe: 'CWE-295',
  owasp: OWASP.cryptography,
  languages: JAVA,
  description: 'A trust-all `X509TrustManager` (empty `checkServerTrusted`), a `HostnameVerifier` that returns `true`, or Apache/Netty trust-all helpers make TLS accept any certificate, so anyone on the network path can impersonate the server.',
  remediation: 'Keep the default trust manager and hostname verification; for a private CA load it into a `KeyStore` and build the `SSLContext` from a `TrustManagerFactory` initialised with it (Apache `SSLContexts.custom().loadTrustMaterial(caStore, null)`).',
  docs: {
    summary:
      'Classes and anonymous classes implementing `X509TrustManager`/`X509ExtendedTrustManager` with an empty `checkServerTrusted`, `HostnameVerifier.verify` returning `true`, lambdas `(host, session) -> true` passed to `setHostnameVerifier`/`setDefaultHostnameVerifier`/OkHttp `hostnameVerifier`/`loadTrustMaterial`, `NoopHostnameVerifier`, `ALLOW_ALL_HOSTNAME_VERIFIER`, `TrustAllStrategy`, `TrustSelfSignedStrategy` and Netty `InsecureTrustManagerFactory`.',
    examples: [
      {
        language: 'java',
        bad:
          'class TrustAll implements X509TrustManager {\n  public void checkClientTrusted(X509Certificate[] chain, String authType) {}\n  public void checkServerTrusted(X509Certificate[] chain, String authType) {}\n  public X509Certificate[] getAcceptedIssuers() { return new X509Certificate[0]; }\n}',
        good:
          'class PinnedTrust {\n  SSLContext context(KeyStore caStore) throws GeneralSecurityException {\n    TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());\n    tmf.init(caStore);\n    SSLContext ctx = SSLContext.getInstance("TLS");\n    ctx.init(null, tmf.getTrustManagers(), null);\n    return ctx;\n  }\n}',
      },
    ],
  },
  match,
  triggers: ['checkServerTrusted', VERIFIER_TYPES, ...VERIFIER_SETTERS, ...TRUST_ALL_CLASS_NAMES, ...TRUST_ALL_FIELDS.map((f) => f.split('.')[0] as string)],
});
