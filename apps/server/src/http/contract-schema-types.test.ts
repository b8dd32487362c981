import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Read here, not in packages/contracts: contracts may not use node:* (they run in the browser too).
const root = fileURLToPath(new URL('../../../../packages/contracts/src', import.meta.url));
const sources = fs
  .readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

/**
 * Every exported schema exports its type beside it, so the server and the web app name a shape instead of deriving it
 * again (`z.infer<typeof ZFoo>` written in a dozen places drifts as soon as one of them adds `| null`).
 */
describe('contracts', () => {
  it('export a type for every exported schema', () => {
    const missing: string[] = [];
    for (const file of sources) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const [, schema] of text.matchAll(/^export const (Z[A-Za-z0-9]+)\b/gm)) {
        const typed = new RegExp(`^export type \\w+ = z\\.(infer|input|output)<typeof ${schema}>`, 'm');
        if (!typed.test(text)) missing.push(`${file}: ${schema}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('find the schemas they check', () => {
    expect(sources.length).toBeGreaterThan(50);
    const schemas = sources.flatMap((file) =>
      [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/^export const Z/gm)].map(() => file),
    );
    expect(schemas.length).toBeGreaterThan(200);
  });
});
