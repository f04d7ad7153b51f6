import { namedChildren, textOf } from '../ast.js';
import { defineRule, OWASP, GO, type Match, type RuleContext } from '../rule.js';

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const element of ctx.nodes.of('keyed_element')) {
    const [key, value] = namedChildren(element);
    if (key && value && textOf(ctx.text, key) === 'InsecureSkipVerify' && textOf(ctx.text, value) === 'true') {
      out.push({ node: element, detail: '`InsecureSkipVerify: true` accepts any certificate for any host name.' });
    }
  }
  for (const assign of ctx.nodes.of('assignment_statement')) {
    const t = textOf(ctx.text, assign).replace(/\s+/g, '');
    if (/\.InsecureSkipVerify=true$/.test(t)) out.push({ node: assign, detail: '`InsecureSkipVerify = true` accepts any certificate for any host name.' });
  }
  return out;
}

export const rule = defineRule({
  id: 'go-tls-insecure-skip-verify',
  title: 'Go TLS certificate verification disabled',
  severity: 'HIGH',
  confidence: 0.8,
  taintConfidence: 0.9,
  cwe: 'CWE-295',
  owasp: OWASP.cryptography,
  languages: GO,
  description: 'A `tls.Config` sets `InsecureSkipVerify`, so TLS connections accept any certificate and anyone on the network path can impersonate the server and read or change the traffic.',
  remediation: 'Remove `InsecureSkipVerify`; for a private CA load it into `RootCAs` (`x509.NewCertPool` + `AppendCertsFromPEM`), or use `VerifyPeerCertificate`/`VerifyConnection` for pinning.',
  docs: {
    summary: '`InsecureSkipVerify: true` in a composite literal (`tls.Config{…}`) and `cfg.InsecureSkipVerify = true` assignments.',
    examples: [
      {
        language: 'go',
        bad: 'func client() *http.Client {\n\ttr := &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}\n\treturn &http.Client{Transport: tr}\n}',
        good: 'func client(pool *x509.CertPool) *http.Client {\n\ttr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}\n\treturn &http.Client{Transport: tr}\n}',
      },
    ],
  },
  match,
  triggers: ['InsecureSkipVerify'],
});
