// The rule of user names, shared by the server, which stores a name as this normalises it, and the web client's forms,
// which say why a name is refused before it is sent. Names that read alike are one name (NFKC folds full-width
// letters, ligatures and other compatibility forms), and no character may hide, or reorder, what others see of a name.

export const USER_NAME_MIN = 3;
export const USER_NAME_MAX = 15;

/** Why a name is refused: a code each end words (and translates) its own way. */
export type UserNameProblem = 'length' | 'spaces' | 'control' | 'invisible' | 'bidi';

/** Marks, embeddings, overrides and isolates that change the direction text is shown in (Trojan Source). */
const bidi = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** Other format characters: zero-width spaces and joiners, word joiner, BOM, soft hyphen, tags… */
const invisible = /\p{Cf}/u;
/** C0 and C1 controls, tabs and line breaks included. */
const control = /\p{Cc}/u;

/** A user name as the platform stores and compares it. */
export const normalizeUserName = (name: string): string => name.normalize('NFKC');

/** What is wrong with a user name once normalised; null when the platform takes it. */
export const userNameProblem = (name: string): UserNameProblem | null => {
  const normal = normalizeUserName(name);
  if (bidi.test(normal)) return 'bidi';
  if (invisible.test(normal)) return 'invisible';
  if (control.test(normal)) return 'control';
  if (normal.trim() !== normal) return 'spaces';
  if (normal.length < USER_NAME_MIN || normal.length > USER_NAME_MAX) return 'length';
  return null;
};
