import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFolderMailbox, extractLinks } from './sim-mailbox.ts';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => fs.rm(folder, { recursive: true, force: true })));
});

async function mailbox() {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'sim-mailbox-'));
  folders.push(folder);
  return createFolderMailbox(folder);
}

describe('the folder mailbox', () => {
  it('keeps entries across instances, newest first, filtered by recipient', async () => {
    const box = await mailbox();
    await box.add({ channel: 'email', from: 'a', to: ['Ann@Example.com'], text: 'one', headers: {} });
    await new Promise((resolve) => setTimeout(resolve, 3));
    const second = await box.add({ channel: 'sms', from: 'b', to: ['+46701234567'], text: 'two', headers: {} });
    await box.update(second.id, { status: 'delivered' });
    expect((await box.list()).map((entry) => entry.text)).toEqual(['two', 'one']);
    expect((await box.list({ recipient: 'ann@example.com' })).map((entry) => entry.text)).toEqual(['one']);
    expect((await box.get(second.id))?.status).toBe('delivered');
    await box.clear();
    expect(await box.list()).toEqual([]);
  });
});

describe('extractLinks', () => {
  it("finds the text's URLs and the HTML's anchors, not its images", () => {
    const html = '<img src="https://x.se/logo.png"><a class="b" href="https://x.se/ABC?a=1&amp;b=2">Open</a>';
    expect(extractLinks('Open https://x.se/ABC. Or https://x.se/help!', html)).toEqual([
      'https://x.se/ABC',
      'https://x.se/help',
      'https://x.se/ABC?a=1&b=2',
    ]);
  });
});
