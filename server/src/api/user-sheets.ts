// §2.2 additions: users (and teams) imported from a CSV or XLSX sheet, and users and teams exported as one.
import { type SheetFormat, userSheetsRoutes } from '@pennon/sdk/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { compactTime } from '../games/sheets.ts';
import { audit } from '../http/audit.ts';
import { refuseMintedToken } from '../http/auth.ts';
import { attachmentDisposition } from '../http/download.ts';
import { HttpError } from '../http/http-error.ts';
import { mount } from '../http/mount.ts';
import { readUpload } from '../http/uploads.ts';
import { msg } from '../i18n/message.ts';
import type { RegistrationFieldService } from '../services/registration-fields.ts';
import { readSheet, sheetLimits, sheetMediaTypes, writeSheet } from '../services/sheet-files.ts';
import { sheetRows, type UserImportService } from '../services/user-import.ts';

export interface UserSheetsApiOptions {
  imports: UserImportService;
  fields: RegistrationFieldService;
}

export const userSheetsApi = async (app: FastifyInstance, { imports, fields }: UserSheetsApiOptions) => {
  const routes = userSheetsRoutes;

  mount(app, routes.importUsers, async (request) => {
    refuseMintedToken(request, msg`A token issued by another token cannot create or change accounts`);
    const dryRun = request.query.dryRun ?? false;
    const cells = await readSheet(await readUpload(request, 'file', sheetLimits.bytes));
    const rows = sheetRows(
      cells,
      (await fields.definitions()).map((field) => field.key),
    );
    const outcome = await imports.import(rows, dryRun);
    const problems = outcome.problems.map((problem) => ({
      ...problem,
      message: request.translate(problem.message),
    }));
    const [first] = problems;
    if (!dryRun && first)
      throw new HttpError(400, msg`Nothing was imported. Row ${first.row}: ${first.message}`);
    if (!dryRun)
      await audit(
        request,
        'Information',
        `Imported ${outcome.rows} users from a sheet: ${outcome.created} created, ${outcome.updated} updated, ` +
          `${outcome.teamsCreated} teams created`,
      );
    return { ...outcome, dryRun, problems };
  });

  const send = async (reply: FastifyReply, format: SheetFormat, what: string, rows: string[][]) =>
    reply
      .type(sheetMediaTypes[format])
      .header('content-disposition', attachmentDisposition(`${what}-${compactTime(Date.now())}.${format}`))
      .send(await writeSheet(format, what, rows));

  mount(app, routes.exportUsers, async (request, reply) => {
    const format = request.query.format ?? 'csv';
    await audit(request, 'Information', `Exported the users as ${format}`);
    return send(reply, format, 'Users', await imports.exportUsers());
  });

  mount(app, routes.exportTeams, async (request, reply) => {
    const format = request.query.format ?? 'csv';
    await audit(request, 'Information', `Exported the teams as ${format}`);
    return send(reply, format, 'Teams', await imports.exportTeams());
  });
};
