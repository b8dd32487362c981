import { pdfBlankett } from '@signlink/brands/brands';
import { appVersion } from '@signlink/contracts/constants';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-app.tsx';
import { AppFooter } from './app-footer.tsx';

describe('AppFooter', () => {
  it("names the brand's provider, the year and the app version", () => {
    renderWithApp(<AppFooter />, { brand: pdfBlankett });
    expect(screen.getByText('This service is provided by PDF-blankett.')).toBeTruthy();
    const year = new Date().getFullYear();
    expect(screen.getByText(`© ${year} PDF-blankett. All rights reserved.`)).toBeTruthy();
    expect(screen.getByText(`Version ${appVersion}`)).toBeTruthy();
  });
});
