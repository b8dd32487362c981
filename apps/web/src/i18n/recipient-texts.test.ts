import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pickRecipientSections, recipientAppSections } from '@signlink/i18n/recipient-sections';
import { webResources } from '@signlink/i18n/web-resources';
import { describe, expect, it } from 'vitest';

const sourceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The app's own pages the recipient's frame shows: they get the whole language's texts (recipient-app-pages.tsx). */
const wholeTextPages = [
  'recipient-app-pages.tsx',
  'components/full-page/error-page.tsx',
  'components/full-page/closed-page.tsx',
  'components/full-page/maintenance-page.tsx',
];

/** Every source file the recipient's frame can load, static or lazy, stopping at the pages with the whole texts. */
function recipientFrameFiles(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || wholeTextPages.some((page) => file === path.join(sourceRoot, page))) return;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const [, staticPath, lazyPath] of source.matchAll(
      /^import (?!type )[^;]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'/gm,
    )) {
      const target = path.resolve(path.dirname(file), staticPath ?? lazyPath ?? '');
      if (/\.tsx?$/.test(target) && fs.existsSync(target)) visit(target);
    }
  };
  visit(path.join(sourceRoot, 'recipient-app.tsx'));
  return [...seen];
}

describe('the recipient’s texts (packages/i18n recipient-sections.ts)', () => {
  it('hold every section of `app` that the recipient’s frame asks for', () => {
    const sections = new Set(Object.keys(webResources['en-us'].app));
    const missing = new Map<string, string>();
    for (const file of recipientFrameFiles()) {
      // Keys as the code writes them: 'recipient.opening', 'app:recipient.x', `language.names.${locale}`.
      for (const [, section] of fs.readFileSync(file, 'utf8').matchAll(/['"`](?:app:)?([a-zA-Z]+)\.[a-zA-Z$]/g)) {
        if (section && sections.has(section) && !(recipientAppSections as readonly string[]).includes(section)) {
          missing.set(section, path.relative(sourceRoot, file));
        }
      }
    }
    // A section named here is missing from recipientAppSections: add it there, or load the code that needs it
    // inside the app's page frame.
    expect(Object.fromEntries(missing)).toEqual({});
  });

  it('keep those sections whole in every language, and nothing else', () => {
    for (const texts of Object.values(webResources)) {
      const picked = pickRecipientSections(texts.app);
      expect(Object.keys(picked).sort()).toEqual([...recipientAppSections].sort());
      for (const section of recipientAppSections) expect(picked[section]).toEqual(texts.app[section]);
    }
  });
});
