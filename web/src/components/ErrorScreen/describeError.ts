import { errorMessage } from '@pennon/sdk';
import { isRouteErrorResponse } from 'react-router';

export interface ErrorDescription {
  message: string;
  stack?: string;
}

/** The message and stack trace of whatever a route threw (an Error, a router error response, anything). */
export const describeError = (error: unknown, t: (key: string) => string): ErrorDescription => {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' && error.data !== '' ? `: ${error.data}` : '';
    return { message: `${error.status} ${error.statusText}${detail}`.trim() };
  }
  const message = errorMessage(error, t);
  const stack = error instanceof Error && error.stack ? error.stack : undefined;
  return stack ? { message, stack } : { message };
};
