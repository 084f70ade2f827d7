// The shared user-name rule (@pennon/sdk's rules/user-name.ts) as the server applies it: a refused name answers 400
// saying why, a taken one is stored as the rule normalises it.
import {
  normalizeUserName,
  USER_NAME_MAX,
  USER_NAME_MIN,
  type UserNameProblem,
  userNameProblem,
} from '@pennon/sdk/contract';
import { DomainError } from '../errors/domain-error.ts';
import { type Message, msg } from '../i18n/message.ts';

const reasons: Record<UserNameProblem, Message> = {
  length: msg`A user name has ${USER_NAME_MIN} to ${USER_NAME_MAX} characters`,
  spaces: msg`A user name cannot begin or end with a space`,
  control: msg`A user name cannot contain control characters`,
  invisible: msg`A user name cannot contain invisible characters, such as zero-width spaces`,
  bidi: msg`A user name cannot contain characters that change the direction of text`,
};

/** Why the platform refuses this user name; null when it takes it. */
export const userNameRefusal = (name: string): Message | null => {
  const problem = userNameProblem(name);
  return problem && reasons[problem];
};

/** The name as stored; 400 saying why when the platform refuses it. */
export const acceptUserName = (name: string): string => {
  const refusal = userNameRefusal(name);
  if (refusal) throw new DomainError(400, refusal);
  return normalizeUserName(name);
};
