import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestServices, renderWithApp } from '../../../test/render-app.tsx';
import { languageStorageKey } from '../../i18n/language-store.ts';
import { PageLayout } from './page-layout.tsx';

function chooseLanguage(locale: string) {
  fireEvent.change(screen.getByRole('combobox', { name: /language|språk|idioma/i }), { target: { value: locale } });
}

describe('LanguageSwitch', () => {
  it('starts in en-us and offers the three languages', () => {
    renderWithApp(<PageLayout>page</PageLayout>);
    const select = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(select.value).toBe('en-us');
    expect([...select.options].map((option) => option.value)).toEqual(['en-us', 'sv', 'es']);
    expect(document.documentElement.lang).toBe('en-us');
  });

  it('changes the text, <html lang> and the stored choice', async () => {
    renderWithApp(<PageLayout>page</PageLayout>);
    expect(screen.getByText('This service is provided by Signlink.')).toBeTruthy();

    chooseLanguage('sv');
    expect(await screen.findByText('Tjänsten tillhandahålls av Signlink.')).toBeTruthy();
    expect(document.documentElement.lang).toBe('sv');
    expect(window.localStorage.getItem(languageStorageKey)).toBe('sv');

    chooseLanguage('es');
    expect(await screen.findByText('Este servicio lo presta Signlink.')).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
    expect(window.localStorage.getItem(languageStorageKey)).toBe('es');
  });

  it('is remembered on the next visit', () => {
    renderWithApp(<PageLayout>page</PageLayout>);
    chooseLanguage('sv');
    // A fresh start reads the stored choice, as a reload would.
    const next = createTestServices();
    expect(next.i18n.language).toBe('sv');
    expect(document.documentElement.lang).toBe('sv');
  });
});
