import { isPypiMacaroon } from '../checksums.js';
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
  validate: (secret) => isPypiMacaroon(secret),
  description:
    'A TestPyPI API token is committed. It uploads releases to the projects in its scope on test.pypi.org, which users sometimes install from, and often shares a name and owner with the production project.',
  remediation:
    'Delete the token in TestPyPI account settings → API tokens, use Trusted Publishing or a project-scoped token kept in a CI secret, and remove it from git history. Check that the same credential was not reused for pypi.org.',
  references: ['https://packaging.python.org/en/latest/guides/using-testpypi/'],
  docs: {
    summary: 'TestPyPI upload tokens (pypi-AgENdGVzdC5weXBpLm9yZw…).',
    bad: [
      'password = pypi-AgENdGVzdC5weXBpLm9yZw' + 'IkN2E2NjE3ZjUtMjRhYy00MjEyLWI4OGUtMjU5MTUwODMxMDVhAAIleyJ2ZXJzaW9uIjogMSwgInBlcm1pc3Npb25zIjogInVzZXIifQACO3sidmVyc2lvbiI6IDEsICJleHBpcmF0aW9uIjogMTc5MDAwMDAwMCwgIm5iZiI6IDE3ODAwMDAwMDB9AAAGIHTqv2B9rXjRYAblcPmCBi1CQFGGMExJZw0VcWQhHVwh',
    ],
    good: ['password = pypi-AgENdGVzdC5weXBpLm9yZw', 'password = pypi-AgENdGVzdC5weXBpLm9yZw' + 'IkN2E2NjE3ZjUtMjRhYy00MjEyLWI4OGUtMjU5MTUwODMxMDVhAAIleyJ2ZXJzaW9uIjogMSwgInBlcm1pc3Npb25zIjogInVzZXIifQACO3sidmVyc2lvbiI6IDEsICJleHBpcmF0aW9uIjogMTc5MDAwMDAwMCwgIm5iZiI6IDE3ODAwMDAwMDB9AAAGIHTqv2B9rXjRYAblcPmCBi1CQFGGMExJZw0VcWQh', 'TEST_PYPI_TOKEN: ${{ secrets.TEST_PYPI_API_TOKEN }}'],
  },
});
