import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFolderMailbox } from '@signlink/simulators/mailbox/sim-mailbox';
import { startSmtpSimulator } from '@signlink/simulators/smtp/smtp-simulator';
import { describe, expect, it } from 'vitest';
import { createEmailSender } from './create-email-sender.ts';

describe('createEmailSender', () => {
  it('builds an SMTP sender that delivers to the configured server', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'signlink-create-email-sender-'));
    const mailbox = createFolderMailbox(folder);
    const simulator = await startSmtpSimulator({ mailbox });
    const sender = createEmailSender({ driver: 'smtp', url: simulator.url });
    try {
      await sender.send({
        from: 'Signlink <no-reply@signlink.test>',
        to: 'anna@example.com',
        subject: 'Hello',
        text: 'Hello',
        html: '<p>Hello</p>',
        messageId: 'factory@signlink.test',
        language: 'en',
      });
      expect((await mailbox.list()).map((entry) => entry.headers['message-id'])).toEqual(['<factory@signlink.test>']);
    } finally {
      await sender.close();
      await simulator.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
