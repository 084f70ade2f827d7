export { errorMessage, UNKNOWN_ERROR_KEY } from './message.ts';
export {
  isPennonError,
  isRateLimited,
  PennonError,
  type PennonErrorDetails,
  type PennonErrorKind,
} from './pennon-error.ts';
