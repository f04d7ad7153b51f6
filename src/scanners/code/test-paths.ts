/**
 * Test and fixture code: unit and end-to-end specs (Jest, Vitest, Mocha, Cypress, Playwright,
 * pytest, Go, RSpec, JUnit) and the fixtures beside them. A flaw there rarely reaches production,
 * so the scanner still reports it, says where it is, and caps its severity.
 */
import { SEVERITY_RANK, type Severity } from '../../core/findings.js';

/** Folders that hold tests or fixtures, anywhere in the path. */
const TEST_DIRS = /(?:^|\/)(?:tests?|__tests__|specs?|__specs__|fixtures?|__fixtures__|__mocks__|testdata|cypress|e2e|playwright)\//i;
/** File names of tests: `x.test.ts`, `x.spec.js`, `x.cy.ts`, `test_x.py`, `x_test.py`, `x_test.go`, `x_spec.rb`, `XTest.java`, `conftest.py`. */
const TEST_FILES = /(?:^|\/)(?:[^/]+\.(?:test|spec|cy|e2e)\.[cm]?[jt]sx?|test_[^/]+\.py|[^/]+_test\.(?:py|go)|[^/]+_spec\.rb|[^/]+Tests?\.java|conftest\.py)$/;

export const TEST_SEVERITY_CAP: Severity = 'MEDIUM';

export function isTestPath(path: string): boolean {
  return TEST_DIRS.test(path) || TEST_FILES.test(path);
}

/** The severity of a finding in test code: at most MEDIUM. */
export function capForTests(severity: Severity): Severity {
  return SEVERITY_RANK[severity] > SEVERITY_RANK[TEST_SEVERITY_CAP] ? TEST_SEVERITY_CAP : severity;
}
