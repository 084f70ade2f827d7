// The bounds of what admins author (§2.5): one definition for the edit bodies (models/edit.ts), the game packages an
// import reads (the server checks them by the same schemas), and any form that wants to say so before sending.
import { BIDI_CHARACTERS } from './user-name.ts';

/**
 * What a title or a division name must be, as a JSON Schema pattern (Unicode): something visible (not only spaces
 * and zero-width characters), and no control character or direction-changing character, which would hide or
 * reorder what players see of it (on the scoreboard, in the CTFtime feed).
 */
export const AUTHORED_NAME_PATTERN = `^(?=[\\s\\S]*[^\\s\\p{Cf}])[^\\p{Cc}${BIDI_CHARACTERS}]*$`;
/** Characters of a game's or a challenge's title. */
export const TITLE_MAX = 128;
/** Characters of one Markdown text: a game's summary or content, a challenge's content, a hint, a writeup note. */
export const MARKDOWN_MAX = 262_144;
/** Characters of a game's or a division's invite code. */
export const INVITE_CODE_MAX = 32;
/** Characters of a division's name. */
export const DIVISION_NAME_MAX = 31;
/** Characters of a flag, as players submit it. */
export const FLAG_MAX = 127;
/** Characters of a dynamic flag's template. */
export const FLAG_TEMPLATE_MAX = 120;
/** Wrong answers a team may give per challenge (0 = unlimited). */
export const SUBMISSION_LIMIT_MAX = 10_000;
/** Characters of the reason given with an award or a penalty. */
export const ADJUSTMENT_REASON_MAX = 200;
/** The most points one award or penalty moves a score by, either way. */
export const ADJUSTMENT_POINTS_MAX = 1_000_000;
/** The most points a titled hint may cost. */
export const HINT_COST_MAX = 1_000_000;
