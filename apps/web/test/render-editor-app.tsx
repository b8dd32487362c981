// Not 'react-router/dom': see render-app.tsx.
import { RouterProvider } from 'react-router';
import { createAppRouter } from '../src/router.tsx';
import { PageCanvasContext, type PageCanvasProps } from '../src/routes/create/editor/page-canvas-context.tsx';
import { renderWithApp, type TestAppOptions } from './render-app.tsx';

/** Where pdf.js would draw a page: jsdom has no canvas for it, and the tests are about the editor around it. */
function BlankPageCanvas({ pageNumber }: PageCanvasProps) {
  return <div data-testid={`page-canvas-${pageNumber}`} />;
}

/** The whole app on a hash route, as renderAppAt, with the editor's pages left blank instead of drawn by pdf.js. */
export function renderAppWithoutPdfAt(hash: string, options: TestAppOptions = {}) {
  window.location.hash = hash;
  return renderWithApp(
    <PageCanvasContext.Provider value={BlankPageCanvas}>
      <RouterProvider router={createAppRouter()} />
    </PageCanvasContext.Provider>,
    options,
  );
}
