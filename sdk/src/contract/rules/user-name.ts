// The rule of the names people read (user names and team names), shared by the server, which stores a name as this
// normalises it, and the web client's forms, which say why a name is refused before it is sent. Names that read
// alike are one name (NFKC folds full-width letters, ligatures and other compatibility forms), and no character may
// hide, or reorder, what others see of a name.

/** The shortest user name, in UTF-16 code units once NFKC-normalised (as `normalizeName` stores it). */
export const USER_NAME_MIN = 3;
/** The longest user name, counted as `USER_NAME_MIN`. */
export const USER_NAME_MAX = 15;
/** The shortest team name, counted as `USER_NAME_MIN`. */
export const TEAM_NAME_MIN = 1;
/** The longest team name, counted as `USER_NAME_MIN`. */
export const TEAM_NAME_MAX = 20;

/** Why a name is refused: a code each end words (and translates) its own way. */
export type NameProblem = 'length' | 'spaces' | 'control' | 'invisible' | 'bidi';

/**
 * Marks, embeddings, overrides and isolates that change the direction text is shown in (Trojan Source), as the
 * inside of a regular expression's character class.
 */
export const BIDI_CHARACTERS = '\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069';
const bidi = new RegExp(`[${BIDI_CHARACTERS}]`, 'u');
/** Other format characters: zero-width spaces and joiners, word joiner, BOM, soft hyphen, tags… */
const invisible = /\p{Cf}/u;
/** C0 and C1 controls, tabs and line breaks included. */
const control = /\p{Cc}/u;

/** A name as the platform stores it. */
export const normalizeName = (name: string): string => name.normalize('NFKC');

const nameProblem = (name: string, min: number, max: number): NameProblem | null => {
  const normal = normalizeName(name);
  if (bidi.test(normal)) return 'bidi';
  if (invisible.test(normal)) return 'invisible';
  if (control.test(normal)) return 'control';
  if (normal.trim() !== normal) return 'spaces';
  if (normal.length < min || normal.length > max) return 'length';
  return null;
};

/** What is wrong with a user name once normalised; null when the platform takes it. */
export const userNameProblem = (name: string): NameProblem | null =>
  nameProblem(name, USER_NAME_MIN, USER_NAME_MAX);

/** What is wrong with a team name once normalised; null when the platform takes it. */
export const teamNameProblem = (name: string): NameProblem | null =>
  nameProblem(name, TEAM_NAME_MIN, TEAM_NAME_MAX);
