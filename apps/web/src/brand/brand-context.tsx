import type { BrandConfig } from '@signlink/brands/brand-config';
import { signlink } from '@signlink/brands/brands';
import { createContext, useContext } from 'react';

const BrandContext = createContext<BrandConfig>(signlink);

export const BrandProvider = BrandContext.Provider;

/** The brand chosen by host name at start-up; components read its fields and never compare ids. */
export function useBrand(): BrandConfig {
  return useContext(BrandContext);
}
