import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { matchRoute, type Route } from './lib/routes.js';

export interface Place {
  readonly route: Route;
  readonly path: string;
  readonly search: string;
  readonly hash: string;
}

function currentPlace(): Place {
  const { pathname, search, hash } = window.location;
  return { route: matchRoute(pathname), path: pathname, search, hash };
}

const listeners = new Set<() => void>();

/** Moves to a page of the app without reloading (history.pushState). */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (to !== here) {
    if (options.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
  }
  for (const listener of listeners) listener();
}

/** The current place; re-renders on navigate() and on back/forward. */
export function usePlace(): Place {
  const [place, setPlace] = useState(currentPlace);
  useEffect(() => {
    const update = () => setPlace(currentPlace());
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return place;
}

type AnchorProps = Omit<JSX.HTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'> & { href: string; children: ComponentChildren };

/** An in-app link: a real <a href> (so it opens in a new tab too), handled without a reload. */
export function Link({ href, children, ...rest }: AnchorProps) {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}
