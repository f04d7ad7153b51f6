/** Exit codes of every command: 0 done, 1 findings at or above --fail-on, 2 usage or runtime error. */
export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_ERROR = 2;
