import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';

export interface Screens {
  readonly dir: string;
  /** Saves a PNG of the page as `<name>.png`; masked elements (a shown key) are painted over. */
  take(page: Page, name: string, options?: { readonly mask?: readonly Locator[]; readonly fullPage?: boolean }): Promise<string>;
  /** Removes the folder when it was a temporary one. */
  dispose(): Promise<void>;
}

/**
 * Screenshots go to VIGIL_SCREENSHOTS_DIR (npm run screenshots sets docs/screenshots) or,
 * by default, to a temporary folder removed afterwards, so a plain test run leaves the tree clean.
 */
export async function openScreens(): Promise<Screens> {
  const chosen = process.env.VIGIL_SCREENSHOTS_DIR;
  const dir = chosen !== undefined && chosen !== '' ? resolve(chosen) : await mkdtemp(join(tmpdir(), 'vigil-screens-'));
  await mkdir(dir, { recursive: true });
  return {
    dir,
    async take(page, name, options = {}) {
      const path = join(dir, `${name}.png`);
      await page.screenshot({
        path,
        fullPage: options.fullPage ?? true,
        animations: 'disabled',
        caret: 'hide',
        ...(options.mask ? { mask: [...options.mask], maskColor: '#5b6472' } : {}),
      });
      return path;
    },
    async dispose() {
      if (chosen === undefined || chosen === '') await rm(dir, { recursive: true, force: true });
    },
  };
}
