// What the platform refuses, in words a user reads: the layers below http/ throw it without knowing about
// requests, and http/errors.ts answers it, from any layer, as the error envelope `{ title, status }` (§1.3).
import type { Text } from '../i18n/message.ts';

export class DomainError extends Error {
  override name = 'DomainError';

  /**
   * @param status HTTP status of the answer.
   * @param title Human message shown to the user, translated to the request's language on the way out.
   * @param code Body `status` when it differs from the HTTP status (10001/10002, or 400 on some 404s).
   */
  constructor(
    readonly status: number,
    readonly title: Text,
    readonly code: number = status,
  ) {
    super(String(title));
  }
}
