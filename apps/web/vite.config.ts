import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// A path, not the package: the config is bundled on its own, and a workspace package's TypeScript would be left to
// Node to run.
import { pickRecipientSections, recipientTextsQuery } from '../../packages/i18n/src/recipient-sections.ts';

// The API runs on port 3000 in development (apps/server); the SPA calls it at its own origin under /v2/.
// The Host header is passed on unchanged, so the server picks the same brand as the page.
// The operator's maintenance file is the server's too (README, maintenance windows), served beside the API.
const apiProxy = {
  '/v2': { target: 'http://localhost:3000', changeOrigin: false },
  '/maintenance.json': { target: 'http://localhost:3000', changeOrigin: false },
};

/**
 * `…/app.json?recipient`: a locale's `app` texts cut to the sections a document link's page shows, so that page
 * fetches those alone (packages/i18n recipient-sections.ts, loadRecipientLanguage). Cut here from the one file the
 * whole app reads, so a text is never written twice.
 */
function recipientTexts(): Plugin {
  const suffix = `app.json?${recipientTextsQuery}`;
  return {
    name: 'signlink:recipient-texts',
    load(id) {
      if (!id.endsWith(suffix)) return null;
      const app = JSON.parse(readFileSync(id.slice(0, -recipientTextsQuery.length - 1), 'utf8'));
      return { code: `export default ${JSON.stringify(pickRecipientSections(app))};`, moduleType: 'js' };
    },
  };
}

/**
 * pdf.js ends its module by putting every export on `globalThis.pdfjsLib` for its own viewer, which we do not use;
 * that one line keeps all of it (the annotation editors among it) in the bundle. Made a plain unused object, the
 * build drops what our pages never call: about 9 KB gzip less on the recipient's first page.
 */
function pdfjsTreeShaking(): Plugin {
  const globalExports = 'globalThis.pdfjsLib = {';
  return {
    name: 'signlink:pdfjs-tree-shaking',
    transform(code, id) {
      if (!/[\\/]pdfjs-dist[\\/]build[\\/]pdf\.mjs$/.test(id)) return null;
      if (!code.includes(globalExports)) {
        this.warn(
          'pdf.js no longer sets globalThis.pdfjsLib: the pdf.js chunk is no longer trimmed, see vite.config.ts',
        );
        return null;
      }
      return { code: code.replace(globalExports, 'const unusedPdfjsLib = {'), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), recipientTexts(), pdfjsTreeShaking()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React stays one chunk of its own. MUI and the other libraries are split by use, like our code: a page gets
        // the components it draws (the recipient's page, most people's only one, about 20 KB gzip less than with all
        // of MUI and every library in two chunks loaded with the entry; bench/recipient-browser.ts).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            // Only the BankID dialog draws QR codes: its own chunk, fetched with the dialog, keeps it off every
            // other page.
            { name: 'qrcode', test: /node_modules[\\/](qrcode|dijkstrajs|pngjs|encode-utf8)[\\/]/, priority: 2 },
            // The login and sign-up forms check input with the contracts' rules (zod, libphonenumber's mobile
            // metadata): chunks of their own too, fetched with those screens. Apart, so that what needs only zod
            // (the recipient's e-mail code dialog, the signing dialogs) does not fetch the phone metadata.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: 'phone-rules', test: /node_modules[\\/]libphonenumber-js[\\/]/, priority: 2 },
            // pdf.js (some 400 kB): its own chunk, fetched when the editor or the recipient's viewer draws a page. Its
            // worker's address (`?url`) is not pdf.js: the entry starts the worker for a link (pdf-worker-port.ts), and
            // in this chunk it would make every page load pdf.js with the entry.
            { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/].*\.mjs$/, priority: 2 },
            // signature_pad is the recipient's ink dialog's alone: fetched when it opens, not with every page.
            { name: 'signature-pad', test: /node_modules[\\/]signature_pad[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
  // Both brands are chosen by host name, so the dev and preview servers must answer pdfblankett.localhost too.
  server: { allowedHosts: true, proxy: apiProxy },
  preview: { allowedHosts: true, proxy: apiProxy },
});
