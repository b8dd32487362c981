import { uiSizes } from '@signlink/contracts/constants';
import type { BrandConfig } from './brand-config.ts';

export const signlink: BrandConfig = {
  id: 'signlink',
  name: 'Signlink',
  homeRoute: '/dashboard',
  logoUrl: '/brands/signlink-logo.svg',
  emailLogoUrl: '/brands/signlink-logo.png',
  iconUrl: '/brands/signlink-icon.svg',
  header: {
    variant: 'grey',
    background: '#eceff1',
    foreground: '#263238',
    logoHeight: uiSizes.headerLogoHeight,
  },
  palette: { primary: '#1f5fbf', secondary: '#00796b' },
  providerName: 'Signlink',
  supportEmail: 'support@signlink.app',
  senderEmail: 'Signlink <no-reply@signlink.app>',
};

export const pdfBlankett: BrandConfig = {
  id: 'pdfblankett',
  name: 'PDF-blankett',
  homeRoute: '/pdfblankett',
  logoUrl: '/brands/pdfblankett-logo.svg',
  emailLogoUrl: '/brands/pdfblankett-logo.png',
  iconUrl: '/brands/pdfblankett-icon.svg',
  header: {
    variant: 'coloured',
    background: '#0b6e4f',
    foreground: '#ffffff',
    logoHeight: uiSizes.brandHeaderLogoHeight,
    sloganKey: 'app:brand.pdfblankettSlogan',
  },
  palette: { primary: '#0b6e4f', secondary: '#f2a900' },
  providerName: 'PDF-blankett',
  supportEmail: 'support@pdfblankett.se',
  senderEmail: 'PDF-blankett <no-reply@pdfblankett.se>',
};

export const brands = [signlink, pdfBlankett] as const;
