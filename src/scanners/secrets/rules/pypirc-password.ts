import { defineRule } from '../rule.js';

/**
 * Passwords in .pypirc (the upload configuration read by twine and setuptools).
 * Well-formed PyPI API tokens are left to pypi-upload-token / testpypi-upload-token.
 */
export default defineRule({
  id: 'pypirc-password',
  title: 'Password in .pypirc',
  severity: 'CRITICAL',
  confidence: 0.85,
  keywords: ['password'],
  pathPattern: /(?:^|\/)\.?pypirc$/,
  pattern: /^[ \t]{0,8}password[ \t]{0,4}[=:][ \t]{0,4}(?<secret>[^\s#;]{4,1024})/m,
  validate: (secret) => !/^pypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,}$/.test(secret) && !/^[$%]/.test(secret),
  cwe: 'CWE-256',
  description:
    'A .pypirc file holds a package index password or token. It uploads releases of the projects the account maintains on that index (PyPI, TestPyPI or a private index).',
  remediation:
    'Revoke the token or change the password on the index, prefer Trusted Publishing or a project-scoped token passed as TWINE_PASSWORD from a CI secret, keep .pypirc in your home directory only, and remove it from git history.',
  references: ['https://packaging.python.org/en/latest/specifications/pypirc/'],
  docs: {
    summary: 'password entries of committed .pypirc files.',
    path: '.pypirc',
    bad: ['[corp]\nrepository = https://pypi.corp-net.io/\nusername = deploy\npassword = ' + 'Rt5nW9qZ2xKv'],
    good: ['[pypi]\nusername = __token__\npassword = <your token>', '[pypi]\nusername = __token__\npassword = $PYPI_TOKEN', '[distutils]\nindex-servers = pypi'],
  },
});
