import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pathOf } from '../../../test/auth-fixtures.ts';
import { expectNoAxeViolations } from '../../../test/axe.ts';
import { clubLink } from '../../../test/public-link-fixtures.ts';
import { renderWithApp } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../test/test-http-server.ts';
import { SharePublicLinks } from './share-public-links.tsx';

let server: TestHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("the sharing dialog's public-link choice (SPEC section 2)", () => {
  it("lists the caller's active public links once asked, each to copy", { timeout: 30_000 }, async () => {
    const disabled = { ...clubLink, Id: 'OLD2345LINK6789', Name: 'Old offer', Status: 'disabled' as const };
    server = await startTestHttpServer((request, response) => {
      if (pathOf(request.url) === '/v2/linktinker/links') {
        return sendJson(response, 200, { PublicLinks: [clubLink, disabled] });
      }
      return sendJson(response, 404, { code: 'NOT_FOUND', message: 'no' });
    });
    renderWithApp(<SharePublicLinks />, { apiBaseUrl: server.apiBase });
    // Nothing is asked before the person opens the choice.
    expect(server.requests).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Show my public links' }));
    const region = within(screen.getByRole('region', { name: 'Public link' }));
    expect(await region.findByText('Join the club')).toBeTruthy();
    expect(region.getByText(clubLink.Url)).toBeTruthy();
    expect(region.queryByText('Old offer')).toBeNull();
    expect(region.getByRole('button', { name: 'Copy the address of Join the club' })).toBeTruthy();
    await expectNoAxeViolations();
  });
});
