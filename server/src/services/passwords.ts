// Password rules of GZ::CTF (§1.2: ASP.NET Identity defaults without the symbol rule) and argon2id hashing.
import { randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { type Message, msg } from '../i18n/message.ts';

const rules: [test: RegExp, problem: Message][] = [
  [/^.{6,}$/su, msg`at least 6 characters`],
  [/\d/u, msg`a digit`],
  [/\p{Ll}/u, msg`a lower-case letter`],
  [/\p{Lu}/u, msg`an upper-case letter`],
];

/** Why a password is too weak, as one sentence naming every missing rule; null when it is strong enough. */
export const passwordProblem = (password: string): Message | null => {
  const missing = rules.filter(([test]) => !test.test(password)).map(([, problem]) => problem);
  return missing.length === 0 ? null : msg`The password needs ${missing}`;
};

// The library defaults are argon2id with m=19 MiB, t=2, p=1: the OWASP recommendation.
export const hashPassword = (password: string): Promise<string> => hash(password);

/**
 * The hash of a password from `generatePassword`: with about 116 random bits, guessing it is hopeless at any speed,
 * so it needs no memory-hard cost (as API tokens need none), and a 10,000-user import is not held up by hashing.
 * It verifies like any other; the user's own next password gets the full cost.
 */
export const hashGeneratedPassword = (password: string): Promise<string> =>
  hash(password, { memoryCost: 256, timeCost: 1 });

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash matches nothing
  }
};

/** A hash of a random password: what an unknown user's sign-in is verified against. Made on first use. */
let unknownUserHash: Promise<string> | undefined;

/**
 * Verifies the password of a sign-in naming nobody, and answers false: it costs what a known user's verify costs, so
 * the time of the answer doesn't tell which names (or e-mail addresses) have an account.
 */
export const verifyUnknownUser = async (password: string): Promise<false> => {
  unknownUserHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await unknownUserHash, password);
  return false;
};

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password that meets the rules, without look-alike characters (it may be read off a console). */
export const generatePassword = (length = 20): string => {
  for (;;) {
    const password = Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
    if (passwordProblem(password) === null) return password;
  }
};

const symbols = '!@#$%^&*()-_=+';

/** What an admin's password reset hands out (§2.2): 16 characters with upper, lower, digit and one symbol. */
export const generateResetPassword = (): string => {
  const password = generatePassword(15);
  const at = randomInt(password.length + 1);
  return `${password.slice(0, at)}${symbols[randomInt(symbols.length)]}${password.slice(at)}`;
};
