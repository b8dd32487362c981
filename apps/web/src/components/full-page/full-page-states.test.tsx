import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-app.tsx';
import { ClosedPage } from './closed-page.tsx';
import { ErrorPage } from './error-page.tsx';
import { LoadingPage } from './loading-page.tsx';
import { MaintenancePage } from './maintenance-page.tsx';

describe('full-page states', () => {
  it('loading: a spinner with a message, in the chosen language', async () => {
    const { services } = renderWithApp(<LoadingPage />);
    const status = screen.getByRole('status');
    expect(status.querySelector('[role="progressbar"]')).toBeTruthy();
    expect(status.textContent).toBe('Loading, please wait…');
    await act(() => services.i18n.changeLanguage('es'));
    expect(screen.getByRole('status').textContent).toBe('Cargando, espere un momento…');
  });

  it("maintenance: the default text, or the maintenance item's own", () => {
    renderWithApp(<MaintenancePage />);
    expect(screen.getByRole('heading', { name: 'We are down for maintenance' })).toBeTruthy();
    renderWithApp(<MaintenancePage title="Planned upgrade" description="Back at 06:00." />);
    expect(screen.getByRole('heading', { name: 'Planned upgrade' })).toBeTruthy();
    expect(screen.getByText('Back at 06:00.')).toBeTruthy();
  });

  it('closed: tells the visitor the window can be closed, under the owner logo', async () => {
    const { services } = renderWithApp(<ClosedPage ownerLogoUrl="https://cdn.example.com/acme.png" />);
    await act(() => services.i18n.changeLanguage('sv'));
    expect(screen.getByRole('heading', { name: 'Du kan nu stänga det här fönstret' })).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('src')).toBe('https://cdn.example.com/acme.png');
  });

  it('error: a dialog that cannot be dismissed, with the message and a reload button', () => {
    renderWithApp(<ErrorPage messageKey="errors:viewerFailed" requestId="req-9" />);
    const dialog = screen.getByRole('dialog', { name: 'Something went wrong' });
    expect(dialog.textContent).toContain('The document could not be displayed.');
    expect(dialog.textContent).toContain('Reference: req-9');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });
});
