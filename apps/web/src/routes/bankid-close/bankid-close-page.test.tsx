import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../test/axe.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { languageStorageKey } from '../../i18n/language-store.ts';

describe('/bankidclose (SPEC section 2)', () => {
  it.each([
    ['en-us', 'You can close this window'],
    ['sv', 'Du kan stänga det här fönstret'],
    ['es', 'Puede cerrar esta ventana'],
  ])('tells a signed-out visitor in %s that the window can be closed', async (language, title) => {
    localStorage.setItem(languageStorageKey, language);
    renderAppAt('#/bankidclose');
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(window.location.hash).toBe('#/bankidclose');
    await expectNoAxeViolations();
  });
});
