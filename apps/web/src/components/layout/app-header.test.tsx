import { pdfBlankett, signlink } from '@signlink/brands/brands';
import { uiSizes } from '@signlink/contracts/constants';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render-app.tsx';
import { AppHeader } from './app-header.tsx';

function logo(): HTMLImageElement {
  return screen.getAllByRole('img')[0] as HTMLImageElement;
}

describe('AppHeader', () => {
  it('shows the Signlink logo at 48 px on a grey bar, without a slogan', () => {
    const { container } = renderWithApp(<AppHeader />, { brand: signlink });
    expect(logo().getAttribute('src')).toBe('/brands/signlink-logo.svg');
    expect(logo().alt).toBe('Signlink');
    expect(getComputedStyle(logo()).height).toBe(`${uiSizes.headerLogoHeight}px`);
    expect(getComputedStyle(container.querySelector('header') as HTMLElement).backgroundColor).toBe(
      'rgb(236, 239, 241)',
    );
    expect(screen.queryByText('Fill in and sign PDF forms')).toBeNull();
  });

  it('shows the PDF-blankett logo at 60 px on a coloured bar with the slogan', () => {
    const { container } = renderWithApp(<AppHeader />, { brand: pdfBlankett });
    expect(logo().getAttribute('src')).toBe('/brands/pdfblankett-logo.svg');
    expect(getComputedStyle(logo()).height).toBe(`${uiSizes.brandHeaderLogoHeight}px`);
    expect(getComputedStyle(container.querySelector('header') as HTMLElement).backgroundColor).toBe('rgb(11, 110, 79)');
    expect(screen.getByText('Fill in and sign PDF forms')).toBeTruthy();
  });

  it('translates the slogan', async () => {
    const { services } = renderWithApp(<AppHeader />, { brand: pdfBlankett });
    await act(() => services.i18n.changeLanguage('sv'));
    expect(await screen.findByText('Fyll i och signera PDF-blanketter')).toBeTruthy();
  });

  it.each([signlink, pdfBlankett])("replaces the $name logo with the link owner's logo", (brand) => {
    renderWithApp(<AppHeader ownerLogoUrl="https://cdn.example.com/acme.png" ownerName="Acme AB" />, { brand });
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(1);
    expect(images[0]?.getAttribute('src')).toBe('https://cdn.example.com/acme.png');
    expect((images[0] as HTMLImageElement).alt).toBe('Acme AB logo');
  });

  it('shows a close button only when asked, and calls it', () => {
    const onClose = vi.fn();
    renderWithApp(<AppHeader />);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    renderWithApp(<AppHeader onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
