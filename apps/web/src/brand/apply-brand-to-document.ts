import type { BrandConfig } from '@signlink/brands/brand-config';

/** The tab shows the brand: its name as the title and its icon as the favicon. */
export function applyBrandToDocument(doc: Document, brand: BrandConfig): void {
  doc.title = brand.name;
  let icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = doc.createElement('link');
    icon.rel = 'icon';
    doc.head.append(icon);
  }
  icon.type = 'image/svg+xml';
  icon.href = brand.iconUrl;
}
