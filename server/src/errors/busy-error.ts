// A refusal for now, not for good: the server has no room for the work at the moment (503), or the caller must wait
// its turn (429), and says when to ask again (`Retry-After`, by http/errors.ts).
import type { Text } from '../i18n/message.ts';
import { DomainError } from './domain-error.ts';

export class BusyError extends DomainError {
  override name = 'BusyError';

  constructor(
    title: Text,
    readonly retryAfterSeconds: number,
    status: 429 | 503 = 503,
  ) {
    super(status, title);
  }
}
