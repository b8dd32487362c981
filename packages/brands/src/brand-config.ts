export type BrandId = 'signlink' | 'pdfblankett';

/** What differs between the two brands of spec/DECISIONS.md "Names and brands". Code reads these fields; it never compares brand ids. */
export interface BrandConfig {
  id: BrandId;
  name: string;
  /** Where an empty path with a hash root lands (SPEC section 2). */
  homeRoute: '/dashboard' | '/pdfblankett';
  logoUrl: string;
  /** The logo as PNG, for e-mail: most mail clients do not show SVG. Drawn for the header background. */
  emailLogoUrl: string;
  /** A square mark for the favicon and other small places, where the wide logo would be unreadable. */
  iconUrl: string;
  header: {
    /** grey: a grey bar with the logo; coloured: a coloured bar with logo and slogan. */
    variant: 'grey' | 'coloured';
    background: string;
    foreground: string;
    logoHeight: number;
    /** i18n key of the slogan shown beside the logo, when the brand has one. */
    sloganKey?: string;
  };
  palette: { primary: string; secondary: string };
  /** The legal entity named in the footer ("provided by") and the copyright line. */
  providerName: string;
  supportEmail: string;
  senderEmail: string;
}
