import { Link } from '../router.js';

export function NotFound() {
  return (
    <div class="narrow">
      <h1 tabIndex={-1}>Page not found</h1>
      <p>
        There is no page at this address. <Link href="/">Go to the overview</Link>.
      </p>
    </div>
  );
}
