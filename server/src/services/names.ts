// The shared name rule (@pennon/sdk's rules/user-name.ts) as the server applies it to user and team names: a refused
// name answers 400 saying why, a taken one is stored as the rule normalises it.
import {
  type NameProblem,
  normalizeName,
  TEAM_NAME_MAX,
  TEAM_NAME_MIN,
  teamNameProblem,
  USER_NAME_MAX,
  USER_NAME_MIN,
  userNameProblem,
} from '@pennon/sdk/contract';
import { DomainError } from '../errors/domain-error.ts';
import { type Message, msg } from '../i18n/message.ts';

const rule = (problemOf: (name: string) => NameProblem | null, reasons: Record<NameProblem, Message>) => {
  /** Why the platform refuses this name; null when it takes it. */
  const refusal = (name: string): Message | null => {
    const problem = problemOf(name);
    return problem && reasons[problem];
  };
  /** The name as stored; 400 saying why when the platform refuses it. */
  const accept = (name: string): string => {
    const reason = refusal(name);
    if (reason) throw new DomainError(400, reason);
    return normalizeName(name);
  };
  return { refusal, accept };
};

export const { refusal: userNameRefusal, accept: acceptUserName } = rule(userNameProblem, {
  length: msg`A user name has ${USER_NAME_MIN} to ${USER_NAME_MAX} characters`,
  spaces: msg`A user name cannot begin or end with a space`,
  control: msg`A user name cannot contain control characters`,
  invisible: msg`A user name cannot contain invisible characters, such as zero-width spaces`,
  bidi: msg`A user name cannot contain characters that change the direction of text`,
});

export const { refusal: teamNameRefusal, accept: acceptTeamName } = rule(teamNameProblem, {
  length: msg`A team name has ${TEAM_NAME_MIN} to ${TEAM_NAME_MAX} characters`,
  spaces: msg`A team name cannot begin or end with a space`,
  control: msg`A team name cannot contain control characters`,
  invisible: msg`A team name cannot contain invisible characters, such as zero-width spaces`,
  bidi: msg`A team name cannot contain characters that change the direction of text`,
});
