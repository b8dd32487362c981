import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { sleep } from '../../jobs/job-test-helpers.ts';
import { findMessage } from './messages.repository.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

describe('the developer mailbox API', () => {
  it('lists what the simulators received, newest first, filtered by recipient', async () => {
    const mailbox = testApp.context.messaging.devMailbox;
    if (!mailbox) throw new Error('simulators are on in tests');
    await mailbox.add({
      channel: 'email',
      from: 'a@x.se',
      to: ['ann@example.com'],
      subject: 'First',
      text: 'Open https://x.se/ABC.',
      html: '<p>First</p>',
      headers: {},
    });
    await sleep(5);
    await mailbox.add({
      channel: 'sms',
      from: 'Signlink',
      to: ['+46701234567'],
      text: 'Code 1234',
      headers: {},
      status: 'delivered',
    });
    await sleep(5);
    await mailbox.add({
      channel: 'email',
      from: 'a@x.se',
      to: ['ann@example.com'],
      subject: 'Second',
      text: 'Hi',
      headers: {},
      attachments: [{ filename: 'Avtal åäö.pdf', contentType: 'application/pdf', size: 1234, sha256: 'ab'.repeat(32) }],
    });

    const all = (await testApp.app.inject('/v2/dev/messages')).json();
    expect(all.messages.map((message: { subject?: string; text: string }) => message.subject ?? message.text)).toEqual([
      'Second',
      'Code 1234',
      'First',
    ]);
    const ann = (await testApp.app.inject('/v2/dev/messages?recipient=ANN@example.com')).json();
    expect(ann.messages).toHaveLength(2);
    // Names and sizes of the files an e-mail carried; the simulator's hash is for tests, not the page.
    expect(ann.messages[0].attachments).toEqual([
      { filename: 'Avtal åäö.pdf', contentType: 'application/pdf', size: 1234 },
    ]);
    expect(ann.messages[1].attachments).toBeUndefined();
    expect(ann.messages[1]).toMatchObject({ subject: 'First', hasHtml: true, links: ['https://x.se/ABC'] });
    const byNationalNumber = (await testApp.app.inject('/v2/dev/messages?recipient=070-123%2045%2067')).json();
    expect(byNationalNumber.messages.map((message: { text: string }) => message.text)).toEqual(['Code 1234']);

    const html = await testApp.app.inject(`/v2/dev/messages/${ann.messages[1].id}/html`);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.body).toBe('<p>First</p>');
    expect((await testApp.app.inject(`/v2/dev/messages/${ann.messages[0].id}/html`)).statusCode).toBe(404);
  });

  it('sends an example of any kind through the real path, and refuses a bad address in the asked language', async () => {
    const sent = await testApp.app.inject({
      method: 'POST',
      url: '/v2/dev/messages',
      payload: { kind: 'verification-code', channel: 'sms', to: '070 765 43 21', locale: 'sv' },
    });
    expect(sent.statusCode).toBe(202);
    expect(await findMessage(testApp.database.db, sent.json().messageId)).toMatchObject({
      kind: 'verification-code',
      recipient: '+46707654321',
      state: 'queued',
    });
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/v2/dev/messages?lang=es',
      payload: { channel: 'email', to: 'nobody@' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_EMAIL', message: expect.stringMatching(/correo/i) });
  });
});

describe('in production mode', () => {
  it('does not exist', async () => {
    const production = await buildTestApp({ env: { SIMULATORS: 'off' } });
    try {
      expect(production.context.messaging.devMailbox).toBeUndefined();
      for (const url of ['/v2/dev/messages', '/v2/dev/messages/00000000000000-00000000/html']) {
        const response = await production.app.inject(url);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
      }
      const post = await production.app.inject({ method: 'POST', url: '/v2/dev/messages', payload: {} });
      expect(post.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
