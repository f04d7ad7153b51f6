import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useApp } from '../context.js';
import { PAGE_TITLES, type Route } from '../lib/routes.js';
import { Link } from '../router.js';
import { SignOutButton } from './SignOutButton.js';

const NAV: readonly { href: string; label: string; active: (route: Route) => boolean }[] = [
  { href: '/', label: 'Overview', active: (r) => r.name === 'overview' },
  { href: '/scans', label: 'Scans', active: (r) => r.name === 'scans' || r.name === 'scan' },
  { href: '/settings', label: 'Settings', active: (r) => r.name === 'settings' },
];

/**
 * Page frame: skip link, header with navigation (a menu button below 640 px),
 * and the main region. After each in-app navigation the page's heading takes
 * the focus, so keyboard and screen-reader users start at the new content.
 */
export function Layout({ route, children }: { route: Route; children: ComponentChildren }) {
  const { session } = useApp();
  const [menuOpen, setMenuOpen] = useState(false);
  const first = useRef(true);
  const key = route.name === 'scan' ? `scan:${route.id}` : route.name;

  useEffect(() => {
    document.title = `${PAGE_TITLES[route.name]} · Vigil`;
    setMenuOpen(false);
    if (first.current) {
      first.current = false;
      return;
    }
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [key]);

  const signedIn = session !== null && !session.key_pending;
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="site-header">
        <div class="site-header__inner">
          <Link href={signedIn ? '/' : '/signin'} class="brand">
            <img src="/favicon.svg" alt="" width={24} height={24} />
            <span>Vigil</span>
          </Link>
          {signedIn && (
            <>
              <button type="button" class="nav-toggle" aria-expanded={menuOpen} aria-controls="site-nav" onClick={() => setMenuOpen(!menuOpen)}>
                Menu
              </button>
              <nav id="site-nav" class={menuOpen ? 'site-nav site-nav--open' : 'site-nav'} aria-label="Main">
                <ul>
                  {NAV.map((item) => (
                    <li key={item.href}>
                      <Link href={item.href} aria-current={item.active(route) ? 'page' : undefined}>
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </ul>
                <div class="site-nav__account">
                  <span class="site-nav__email" title={session.email}>
                    {session.email}
                  </span>
                  <SignOutButton class="button button--quiet" />
                </div>
              </nav>
            </>
          )}
        </div>
      </header>
      <main id="main" class="page" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
