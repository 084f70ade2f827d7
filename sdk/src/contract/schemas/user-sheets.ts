// Pennon's users sheets: users (and teams) imported from a CSV or XLSX file, users and teams exported as one.
import Type from 'typebox';
import { SheetFormat, UserImportResult } from '../models/user-sheets.ts';
import type { EndpointSchemas } from '../route.ts';

const format = Type.Object({ format: Type.Optional({ ...SheetFormat, default: 'csv' }) });

export const userSheets = {
  importUsers: {
    summary:
      "Import users (and teams) from a CSV or XLSX file in one transaction; a dry run lists each row's problems",
    query: Type.Object({ dryRun: Type.Optional(Type.Boolean({ default: false })) }),
    response: UserImportResult,
  },
  exportUsers: {
    summary: 'Every user as a CSV or XLSX sheet, in the columns the import reads',
    query: format,
  },
  exportTeams: {
    summary: 'Every team with its captain and members as a CSV or XLSX sheet',
    query: format,
  },
} satisfies Record<string, EndpointSchemas>;
