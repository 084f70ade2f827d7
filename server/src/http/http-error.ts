// The one error a handler throws to answer with the error envelope (§1.3).
import type { Text } from '../i18n/message.ts';

export class HttpError extends Error {
  override name = 'HttpError';

  /**
   * @param statusCode HTTP status of the reply.
   * @param title Human message shown to the user, translated to the request's language on the way out.
   * @param code Body `status` when it differs from the HTTP status (10001/10002, or 400 on some 404s).
   */
  constructor(
    readonly statusCode: number,
    readonly title: Text,
    readonly code: number = statusCode,
  ) {
    super(String(title));
  }
}
