import { defineRule } from '../rule.js';

/** TestPyPI API tokens: "pypi-" + a macaroon whose location is "test.pypi.org" (AgENdGVzdC5weXBpLm9yZw). */
export default defineRule({
  id: 'testpypi-upload-token',
  title: 'TestPyPI API token',
  severity: 'MEDIUM',
  confidence: 0.95,
  keywords: ['pypi-agendgvzdc5wexbplm9yzw'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>pypi-AgENdGVzdC5weXBpLm9yZw[A-Za-z0-9_-]{50,1000})(?![A-Za-z0-9_-])/,
  minEntropy: 4,
  cwe: 'CWE-798',
  description:
    'A TestPyPI API token is committed. It uploads releases to the projects in its scope on test.pypi.org, which users sometimes install from, and often shares a name and owner with the production project.',
  remediation:
    'Delete the token in TestPyPI account settings → API tokens, use Trusted Publishing or a project-scoped token kept in a CI secret, and remove it from git history. Check that the same credential was not reused for pypi.org.',
  references: ['https://packaging.python.org/en/latest/guides/using-testpypi/'],
  docs: {
    summary: 'TestPyPI upload tokens (pypi-AgENdGVzdC5weXBpLm9yZw…).',
    ng: [
      'password = pypi-AgENdGVzdC5weXBpLm9yZw' + 'IkNjYjM0YTRhLTQ5ZDItNGE3Zi05OTRmLWI1NDJhZDcwNTg2ZQACKlszLCI0ZjhiNzU2My1iN2QyLTRmMGMtOGNkZC1hMWM0NjY1OWU5ZTMiXQAABiB3Rq8Lw2Vn5Tx7Yp1Hc4Jd6Ks0Ma9Qe2Ux5Wb7Nz3',
    ],
    ok: ['password = pypi-AgENdGVzdC5weXBpLm9yZw', 'TEST_PYPI_TOKEN: ${{ secrets.TEST_PYPI_API_TOKEN }}'],
  },
});
