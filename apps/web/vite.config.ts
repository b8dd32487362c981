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
        // Libraries change less often than our code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|stylis)/, priority: 2 },
            // Only the BankID dialog draws QR codes: its own chunk, fetched with the dialog, keeps it off every
            // other page (the vendor chunk loads with the entry).
            { name: 'qrcode', test: /node_modules[\\/](qrcode|dijkstrajs|pngjs|encode-utf8)[\\/]/, priority: 2 },
            // The login and sign-up forms check input with the contracts' rules (zod, libphonenumber's mobile
            // metadata): their own chunk too, fetched with those screens.
            { name: 'input-rules', test: /node_modules[\\/](zod|libphonenumber-js)[\\/]/, priority: 2 },
            // pdf.js (some 400 kB) is the field editor's alone: its own chunk, fetched when the editor draws a page.
            { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/]/, priority: 2 },
            // signature_pad is the recipient's ink dialog's alone: fetched when it opens, not with every page.
            { name: 'signature-pad', test: /node_modules[\\/]signature_pad[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules/, priority: 1 },
          ],
        },
      },
    },
  },
  // Both brands are chosen by host name, so the dev and preview servers must answer pdfblankett.localhost too.
  server: { allowedHosts: true, proxy: apiProxy },
  preview: { allowedHosts: true, proxy: apiProxy },
});
