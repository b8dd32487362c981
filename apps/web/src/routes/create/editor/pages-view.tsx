import Box from '@mui/material/Box';
import type { PlacedField } from '@signlink/contracts/documents/document-model';
import { forwardRef, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createNearViewportObserver,
  NearViewportContext,
  type NearViewportObserver,
} from '../../../lib/use-near-viewport.ts';
import type { EditorAction } from './editor-state.ts';
import type { PageSize } from './field-geometry.ts';
import { PageSlot } from './page-slot.tsx';

interface PagesViewProps {
  pages: readonly PageSize[];
  zoom: number;
  contentUrl: string;
  fields: readonly PlacedField[];
  selectedFieldId: string | null;
  partyNames: ReadonlyMap<number, string>;
  dispatch: (action: EditorAction) => void;
  newId: () => string;
}

const noFields: readonly PlacedField[] = [];

/**
 * Each page's fields, reusing the previous list of a page whose fields did not change (the reducer keeps unchanged
 * fields' objects), so dragging a field re-renders its page only.
 */
function useFieldsByPage(fields: readonly PlacedField[]): ReadonlyMap<number, readonly PlacedField[]> {
  const previous = useRef(new Map<number, readonly PlacedField[]>());
  return useMemo(() => {
    const next = new Map<number, PlacedField[]>();
    for (const field of fields) {
      const list = next.get(field.page);
      if (list) list.push(field);
      else next.set(field.page, [field]);
    }
    const result = new Map<number, readonly PlacedField[]>();
    for (const [page, list] of next) {
      const before = previous.current.get(page);
      const isSame = before?.length === list.length && before.every((field, index) => field === list[index]);
      result.set(page, isSame && before ? before : list);
    }
    previous.current = result;
    return result;
  }, [fields]);
}

/** The file's pages in one scrolling column (the scroll container is the forwarded ref). */
export const PagesView = forwardRef<HTMLDivElement, PagesViewProps>(function PagesView(props, ref) {
  const { pages, zoom, contentUrl, fields, selectedFieldId, partyNames, dispatch, newId } = props;
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const [observer, setObserver] = useState<NearViewportObserver | null>(null);
  const fieldsByPage = useFieldsByPage(fields);
  const selectedPage = fields.find((field) => field.id === selectedFieldId)?.page;

  useEffect(() => setObserver(createNearViewportObserver(scrollRef.current)), []);

  return (
    <Box
      ref={(element: HTMLDivElement | null) => {
        scrollRef.current = element;
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
      }}
      // A scrolling region a keyboard can reach and scroll with the arrow keys (WCAG 2.1.1), named for it.
      tabIndex={0}
      role="region"
      aria-label={t('a11y.documentPages')}
      sx={{ flex: 1, overflow: 'auto', bgcolor: 'grey.200', py: 3, px: 2 }}
    >
      <NearViewportContext.Provider value={observer}>
        {pages.map((size, index) => {
          const pageNumber = index + 1;
          return (
            <PageSlot
              key={pageNumber}
              pageNumber={pageNumber}
              pageCount={pages.length}
              size={size}
              zoom={zoom}
              contentUrl={contentUrl}
              fields={fieldsByPage.get(pageNumber) ?? noFields}
              selectedFieldId={selectedPage === pageNumber ? selectedFieldId : null}
              partyNames={partyNames}
              dispatch={dispatch}
              newId={newId}
            />
          );
        })}
      </NearViewportContext.Provider>
    </Box>
  );
});

/** The page most in view in the scroll container: where a palette click puts its field. */
export function pageInView(container: HTMLElement | null): number {
  if (!container) return 1;
  const top = container.getBoundingClientRect().top;
  const middle = top + container.clientHeight / 2;
  for (const element of container.querySelectorAll<HTMLElement>('[data-page]')) {
    const rect = element.getBoundingClientRect();
    if (rect.bottom >= middle || rect.bottom > top + container.clientHeight) return Number(element.dataset.page);
  }
  return 1;
}
