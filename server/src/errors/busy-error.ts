// A refusal for now, not for good: the server has no room for the work at the moment, and says when to ask again
// (answered 503 with `Retry-After` by http/errors.ts).
import type { Text } from '../i18n/message.ts';
import { DomainError } from './domain-error.ts';

export class BusyError extends DomainError {
  override name = 'BusyError';

  constructor(
    title: Text,
    readonly retryAfterSeconds: number,
  ) {
    super(503, title);
  }
}
