import type { BrandId } from '@signlink/brands/brand-config';
import { brands } from '@signlink/brands/brands';
import type { DatabaseHandle } from '../../db/database.ts';
import { findDocumentBrand } from './document-brand.repository.ts';

/** The brand the document's invitations went out under; its sealed files speak with the same voice. */
export async function brandOf(deps: { database: DatabaseHandle }, documentId: string): Promise<BrandId> {
  const brand = await findDocumentBrand(deps.database.db, documentId);
  return brand === 'pdfblankett' ? 'pdfblankett' : 'signlink';
}

export function brandName(id: BrandId): string {
  return brands.find((brand) => brand.id === id)?.name ?? 'Signlink';
}
