// A refusal of the HTTP layer itself (a request's form, its credentials, its rate): the domain's own refusals are
// DomainErrors (errors/domain-error.ts), answered alike.
import { DomainError } from '../errors/domain-error.ts';

export class HttpError extends DomainError {
  override name = 'HttpError';
}
