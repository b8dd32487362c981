import { messageKeyOf } from '@signlink/contracts/errors/error-codes';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorPage } from '../../components/full-page/error-page.tsx';

/** A screen that throws while loading or rendering (often a chunk gone after a deploy); reloading is the remedy. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <ErrorPage messageKey={messageKeyOf('UNEXPECTED_ERROR')} />;
}
