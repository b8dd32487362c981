import fs from 'node:fs';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderControls } from './onfido-simulator-controls.ts';
import { OnfidoFolderStore } from './onfido-store.ts';
import { temporaryFolder } from './onfido-test-client.ts';
import { onfidoTesterPagePlugin } from './onfido-tester-page.ts';

describe('the Onfido tester page', () => {
  let dir: string;
  const app = () => {
    const server = Fastify();
    void server.register(onfidoTesterPagePlugin, {
      prefix: '/sim/onfido',
      controls: folderControls(new OnfidoFolderStore(dir)),
    });
    return server;
  };
  beforeEach(() => {
    dir = temporaryFolder();
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('serves a labelled form that loads its script from under its prefix', async () => {
    const page = await app().inject('/sim/onfido/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<legend>Face match');
    expect(page.body).toContain('<label for="delayMs">');
    expect(page.body).toContain('role="status"');
    expect(page.body).toContain('src="/sim/onfido/page.js" data-api="/sim/onfido/outcome"');
    expect((await app().inject('/sim/onfido/page.js')).headers['content-type']).toMatch(/javascript/);
  });

  it('reads and sets the outcome as JSON, kept in the folder, and refuses nonsense', async () => {
    expect((await app().inject('/sim/onfido/outcome')).json()).toEqual({
      faceMatch: 'clear',
      liveness: 'clear',
      delayMs: 1000,
    });
    const set = await app().inject({
      method: 'POST',
      url: '/sim/onfido/outcome',
      payload: { liveness: 'consider', delayMs: 0 },
    });
    expect(set.json()).toEqual({ faceMatch: 'clear', liveness: 'consider', delayMs: 0 });
    // Another process on the folder (a fresh instance here) sees it.
    expect((await app().inject('/sim/onfido/outcome')).json()).toMatchObject({ liveness: 'consider', delayMs: 0 });
    const wrong = await app().inject({ method: 'POST', url: '/sim/onfido/outcome', payload: { faceMatch: 'maybe' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/faceMatch/);
  });
});
