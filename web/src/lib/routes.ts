/** The dashboard's pages; the service answers index.html for exactly these paths. */
export type Route =
  | { readonly name: 'signin' }
  | { readonly name: 'welcome' }
  | { readonly name: 'overview' }
  | { readonly name: 'scans' }
  | { readonly name: 'scan'; readonly id: string }
  | { readonly name: 'settings' }
  | { readonly name: 'not-found' };

const SCAN_ID = /^[A-Za-z0-9]{1,64}$/;

export function matchRoute(pathname: string): Route {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  switch (path) {
    case '/':
      return { name: 'overview' };
    case '/signin':
      return { name: 'signin' };
    case '/welcome':
      return { name: 'welcome' };
    case '/scans':
      return { name: 'scans' };
    case '/settings':
      return { name: 'settings' };
  }
  const scan = /^\/scans\/([^/]+)$/.exec(path);
  if (scan?.[1] !== undefined && SCAN_ID.test(scan[1])) return { name: 'scan', id: scan[1] };
  return { name: 'not-found' };
}

/** Pages that work without a session. */
export function isPublic(route: Route): boolean {
  return route.name === 'signin' || route.name === 'not-found';
}

export const PAGE_TITLES: Readonly<Record<Route['name'], string>> = Object.freeze({
  signin: 'Sign in',
  welcome: 'Welcome',
  overview: 'Overview',
  scans: 'Scans',
  scan: 'Scan',
  settings: 'Settings',
  'not-found': 'Page not found',
});

/**
 * The codes the GitHub callback redirects with (/signin?error=…; src/http/routes/auth/github.ts,
 * docs/dashboard.md), as sentences.
 */
const SIGNIN_ERRORS: Readonly<Record<string, string>> = Object.freeze({
  state: 'The GitHub sign-in expired or was started in another browser; try again.',
  denied: 'GitHub sign-in was cancelled.',
  exchange: 'GitHub did not accept the sign-in (the link was used or expired); try again.',
  email: 'Your GitHub account has no verified primary email address; add one on GitHub or use the email link.',
  unavailable: 'GitHub could not be reached; try again in a moment or use the email link.',
  rate_limited: 'Too many sign-in attempts; wait a while and try again.',
});

export function signinErrorMessage(code: string | null): string | undefined {
  if (code === null || code === '') return undefined;
  const known = SIGNIN_ERRORS[code];
  if (known !== undefined) return known;
  const shown = code.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40);
  return `Sign-in failed (${shown || 'unknown error'}); try again or use the email link.`;
}

/** The sign-in token from a mailed link's fragment: "#token=…". */
export function tokenFromHash(hash: string): string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token')?.trim();
  return token ? token : undefined;
}
