import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('./web/', import.meta.url));

/**
 * The dashboard: Preact compiled by Vite's own esbuild JSX transform (no
 * framework plugin), built into dist/web/ and served by src/http/plugins/dashboard.ts.
 */
export default defineConfig({
  root,
  base: '/',
  publicDir: fileURLToPath(new URL('./web/public/', import.meta.url)),
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  resolve: { alias: { react: 'preact/compat', 'react-dom': 'preact/compat' } },
  build: {
    outDir: fileURLToPath(new URL('./dist/web/', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // No inline script may reach the page (CSP script-src 'self'); modern browsers need no polyfill.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    reportCompressedSize: false,
  },
  server: { strictPort: true },
});
