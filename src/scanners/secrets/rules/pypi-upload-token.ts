import { isPypiMacaroon } from '../checksums.js';
import { defineRule } from '../rule.js';

/**
 * PyPI API tokens are macaroons: "pypi-" + base64url of a serialized macaroon
 * whose first field is the location "pypi.org" (AgEIcHlwaS5vcmc).
 */
export default defineRule({
  id: 'pypi-upload-token',
  title: 'PyPI API token',
  severity: 'CRITICAL',
  confidence: 0.95,
  keywords: ['pypi-ageichlwas5vcmc'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,1000})(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  // The body must parse as a whole version 2 macaroon ending in a 32-byte signature.
  validate: (secret) => isPypiMacaroon(secret),
  description:
    'A PyPI API token is committed. It uploads new releases of every project in its scope (all of its owner’s projects for account-wide tokens), a direct supply-chain compromise.',
  remediation:
    'Delete the token in PyPI account settings → API tokens (PyPI also revokes tokens reported by GitHub secret scanning), prefer Trusted Publishing from CI, or create a project-scoped token kept in a CI secret. Remove it from git history.',
  references: ['https://pypi.org/help/#apitoken', 'https://docs.pypi.org/trusted-publishers/'],
  docs: {
    summary: 'PyPI upload tokens (pypi-AgEIcHlwaS5vcmc…), account-wide or project-scoped.',
    bad: ['TWINE_PASSWORD=pypi-AgEIcHlwaS5vcmc' + 'CJGZhYWQ0ZDQ2LWMwZWMtNDAyMS04ZDc2LTcwNzNlNmI1MWMyOQACJXsidmVyc2lvbiI6IDEsICJwZXJtaXNzaW9ucyI6ICJ1c2VyIn0AAjt7InZlcnNpb24iOiAxLCAiZXhwaXJhdGlvbiI6IDE3OTAwMDAwMDAsICJuYmYiOiAxNzgwMDAwMDAwfQAABiAe7H8DKtz_qfgVOnl7ae5Ra6YKiya2Dm0p93Cq9ntxxg'],
    good: [
      // Same shape, but the signature is cut short: not a whole macaroon.
      'TWINE_PASSWORD=pypi-AgEIcHlwaS5vcmc' + 'CJGZhYWQ0ZDQ2LWMwZWMtNDAyMS04ZDc2LTcwNzNlNmI1MWMyOQACJXsidmVyc2lvbiI6IDEsICJwZXJtaXNzaW9ucyI6ICJ1c2VyIn0AAjt7InZlcnNpb24iOiAxLCAiZXhwaXJhdGlvbiI6IDE3OTAwMDAwMDAsICJuYmYiOiAxNzgwMDAwMDAwfQAABiAe7H8DKtz_qfgVOnl7ae5Ra6YKiya2Dm0p93Cq9n',
      'TWINE_PASSWORD=pypi-AgEIcHlwaS5vcmc...', 'password = ${{ secrets.PYPI_API_TOKEN }}', 'TOKEN_PREFIX = "pypi-"'],
  },
});
