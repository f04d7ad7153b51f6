/** The commit page of a history finding, when the scan knows the repository's web address. */
export function commitUrl(scanStats: Readonly<Record<string, unknown>> | undefined, commit: string): string | undefined {
  const repository = scanStats?.repository as { html_url?: unknown } | undefined;
  const base = typeof repository?.html_url === 'string' ? repository.html_url : undefined;
  if (base === undefined || !/^https?:\/\//.test(base) || !/^[0-9a-f]{40,64}$/.test(commit)) return undefined;
  return `${base.replace(/\/+$/, '')}/commit/${commit}`;
}
