import { createContext, type ReactNode, useContext } from 'react';

type Frame = (props: { children: ReactNode }) => ReactNode;

const passThrough: Frame = ({ children }) => children;

/**
 * What the app's own pages need around them when the recipient's page shows one (a failed or closed link's page,
 * with the app's header and, for a signed-in person, its menu): nothing inside the whole app; in the recipient's
 * frame, a router and the rest of the texts (recipient-app.tsx provides it).
 */
export const AppPageFrameContext = createContext<Frame>(passThrough);

export function useAppPageFrame(): Frame {
  return useContext(AppPageFrameContext);
}
