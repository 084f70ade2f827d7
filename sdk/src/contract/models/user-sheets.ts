// Models of Pennon's users sheets: users (and teams) imported from CSV or XLSX, and users and teams exported.
import Type, { type Static } from 'typebox';

/** The spreadsheet formats of the users' and teams' import and export. */
export const SheetFormat = Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { title: 'SheetFormat' });
export type SheetFormat = Static<typeof SheetFormat>;

/** Why one row of an imported sheet cannot be imported. */
export const UserImportProblem = Type.Object(
  {
    /** The row's number as a spreadsheet shows it: the header is row 1. */
    row: Type.Integer({ minimum: 2 }),
    /** The column at fault: one of `userSheetColumns`, or a registration field's key. */
    column: Type.String(),
    message: Type.String(),
  },
  { title: 'UserImportProblem' },
);
export type UserImportProblem = Static<typeof UserImportProblem>;

/** A password the import generated: shown once, never stored in the clear. */
export const GeneratedPassword = Type.Object(
  { row: Type.Integer(), userName: Type.String(), email: Type.String(), password: Type.String() },
  { title: 'GeneratedPassword' },
);
export type GeneratedPassword = Static<typeof GeneratedPassword>;

/**
 * The outcome of a users import, or of its dry run: what was (or would be) done. A real run writes only when
 * `problems` is empty; the generated passwords come with it, and only then.
 */
export const UserImportResult = Type.Object(
  {
    dryRun: Type.Boolean(),
    rows: Type.Integer(),
    created: Type.Integer(),
    updated: Type.Integer(),
    teamsCreated: Type.Integer(),
    problems: Type.Array(UserImportProblem),
    passwords: Type.Array(GeneratedPassword),
  },
  { title: 'UserImportResult' },
);
export type UserImportResult = Static<typeof UserImportResult>;
