import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs on port 3000 in development (apps/server); the SPA calls it at its own origin under /v2/.
// The Host header is passed on unchanged, so the server picks the same brand as the page.
const apiProxy = { '/v2': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [react()],
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
            // pdf.js (some 400 kB): its own chunk, fetched when the editor or the recipient's viewer draws a page.
            { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/]/, priority: 2 },
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
