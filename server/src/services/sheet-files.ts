// Spreadsheets in and out as rows of text cells: CSV (UTF-8, comma or semicolon) and XLSX (its first worksheet).
// Reading is bounded, an XLSX by the size its parts unzip to, before anything is inflated.

import { writeToBuffer } from '@fast-csv/format';
import { parseString } from '@fast-csv/parse';
import type { SheetFormat } from '@pennon/sdk/contract';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { DomainError } from '../errors/domain-error.ts';
import { msg } from '../i18n/message.ts';

export const sheetLimits = {
  /** The upload: 10,000 users with every column filled take about 1.5 MiB as CSV. */
  bytes: 8 * 1024 * 1024,
  /** What an XLSX may unzip to (its XML is ten to twenty times the size of the same CSV). */
  unzipped: 128 * 1024 * 1024,
  /** Data rows, not counting the header. */
  rows: 20_000,
};

export const sheetMediaTypes: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const tooManyRows = () => new DomainError(400, msg`The file has more than ${sheetLimits.rows} rows`);

const isZip = (bytes: Buffer) => bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

const readCsv = async (bytes: Buffer): Promise<string[][]> => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes); // drops a byte-order mark
  } catch {
    throw new DomainError(400, 'The file is neither UTF-8 CSV nor XLSX');
  }
  // Excel writes CSV with semicolons where the decimal separator is a comma.
  const header = text.slice(0, text.indexOf('\n') >>> 0);
  const delimiter = header.includes(';') && !header.includes(',') ? ';' : ',';
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    parseString<string[], string[]>(text, { delimiter, ignoreEmpty: true, maxRows: sheetLimits.rows + 2 })
      .on('data', (row: string[]) => rows.push(row))
      .on('error', () => reject(new DomainError(400, 'The file is not valid CSV')))
      .on('end', () => resolve(rows));
  });
};

const readXlsx = async (bytes: Buffer): Promise<string[][]> => {
  let unzipped = 0;
  try {
    // The filter sees each part's size from the zip's directory and inflates none of them.
    unzipSync(bytes, {
      filter: (file) => {
        unzipped += file.originalSize;
        return false;
      },
    });
  } catch {
    throw new DomainError(400, 'The file is not a readable XLSX workbook');
  }
  if (unzipped > sheetLimits.unzipped)
    throw new DomainError(400, msg`The file is larger than ${`${sheetLimits.unzipped / 1024 / 1024} MiB`}`);
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new DomainError(400, 'The file is not a readable XLSX workbook');
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  if (sheet.rowCount > sheetLimits.rows + 1) throw tooManyRows();
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push(Array.from({ length: row.cellCount }, (_, index) => row.getCell(index + 1).text));
  });
  return rows;
};

/** The rows of a CSV or XLSX file (told apart by their bytes), each a list of cell texts; blank rows left out. */
export const readSheet = async (bytes: Buffer): Promise<string[][]> => {
  const rows = await (isZip(bytes) ? readXlsx(bytes) : readCsv(bytes));
  if (rows.length > sheetLimits.rows + 1) throw tooManyRows();
  return rows.filter((row) => row.some((cell) => cell.trim() !== ''));
};

/**
 * A CSV cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return before
 * one) is written after an apostrophe, which the spreadsheet shows as text; `unescapeCell` takes it off again.
 */
const formulaStart = /^[=+\-@\t\r]/;
const escapeCell = (cell: string) => (formulaStart.test(cell) ? `'${cell}` : cell);
export const unescapeCell = (cell: string): string =>
  cell.startsWith("'") && formulaStart.test(cell.slice(1)) ? cell.slice(1) : cell;

/** `rows` (the first being the header) as a file. XLSX cells are all text: none is ever a formula. */
export const writeSheet = async (format: SheetFormat, title: string, rows: string[][]): Promise<Buffer> => {
  if (format === 'csv')
    return writeToBuffer(
      rows.map((row) => row.map(escapeCell)),
      { writeBOM: true },
    );
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(title);
  sheet.addRows(rows);
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
};
