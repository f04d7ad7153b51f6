/** One line for an error; with VIGIL_DEBUG=1 the stack too. */
export function describeError(error: unknown, env: Readonly<Record<string, string | undefined>>): string {
  if (!(error instanceof Error)) return String(error);
  const debug = env.VIGIL_DEBUG !== undefined && env.VIGIL_DEBUG !== '' && env.VIGIL_DEBUG !== '0';
  return debug && error.stack ? error.stack : error.message;
}
