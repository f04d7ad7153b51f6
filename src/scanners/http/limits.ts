/**
 * Limits of the API scanner that callers show before any scan runs (the CLI's help, the
 * request schema): a module of its own, so reading them loads no network code.
 */

/** Opt-in `paths` one request may list. */
export const MAX_PATHS = 5;
