/**
 * Writes issue 20's hostile-PDF corpus to a folder, with a manifest of what upload must answer to each file, for
 * trying by hand against a running service: `npm run hostile-pdfs [folder]` (default data/hostile-pdfs).
 */
import fs from 'node:fs';
import path from 'node:path';
import { hostilePdfCorpus } from '../test/fixtures/hostile-pdf-corpus.ts';

// npm runs a workspace's script in the workspace: a relative folder is taken from where npm was run.
const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? 'data/hostile-pdfs');
fs.mkdirSync(folder, { recursive: true });
const manifest = [];
for (const file of hostilePdfCorpus) {
  const bytes = await file.build();
  fs.writeFileSync(path.join(folder, file.name), bytes);
  manifest.push({ name: file.name, attack: file.attack, bytes: bytes.byteLength, ...file.outcome });
}
fs.writeFileSync(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.info(`${manifest.length} hostile PDFs and manifest.json written to ${folder}`);
