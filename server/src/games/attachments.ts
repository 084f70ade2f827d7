// Challenge and flag attachments (§4.6): a Local file (holding a reference in the file store) or a Remote URL.
import type { Attachment, AttachmentCreateModel } from '@pennon/sdk/contract';
import type { Insertable, Kysely } from 'kysely';
import type { AttachmentsTable, Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import type { FileStore } from '../storage/file-store.ts';

export class Attachments {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: FileStore,
  ) {}

  /** A new attachment row, or null for None; 400 when the Local file isn't uploaded or the URL is missing. */
  async create(model: AttachmentCreateModel): Promise<number | null> {
    const type = model.attachmentType ?? 'None';
    if (type === 'None') return null;
    if (type === 'Remote') {
      if (!model.remoteUrl?.trim()) throw new DomainError(400, 'A remote attachment needs its URL');
      return this.insert({ type, file_hash: null, remote_url: model.remoteUrl.trim() });
    }
    const hash = model.fileHash?.trim().toLowerCase() ?? '';
    if (!(await this.files.retain(hash)))
      throw new DomainError(400, 'The file hash is not an uploaded asset');
    return this.insert({ type, file_hash: hash, remote_url: null });
  }

  /** Deletes attachments, releasing their files. */
  async remove(ids: (number | null)[]): Promise<void> {
    const wanted = ids.filter((id): id is number => id !== null);
    if (wanted.length === 0) return;
    const rows = await this.db.selectFrom('attachments').selectAll().where('id', 'in', wanted).execute();
    await this.db.deleteFrom('attachments').where('id', 'in', wanted).execute();
    for (const row of rows) if (row.file_hash) await this.files.release(row.file_hash);
  }

  /** The wire shape of each attachment by id. */
  async models(ids: (number | null)[]): Promise<Map<number, Attachment>> {
    const wanted = ids.filter((id): id is number => id !== null);
    if (wanted.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('attachments')
      .leftJoin('files', 'files.hash', 'attachments.file_hash')
      .select(['attachments.id', 'attachments.type', 'attachments.file_hash', 'attachments.remote_url'])
      .select(['files.name', 'files.size'])
      .where('attachments.id', 'in', wanted)
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          type: row.type,
          url:
            row.type === 'Remote' ? row.remote_url : `/assets/${row.file_hash}/${row.name ?? 'attachment'}`,
          fileSize: row.type === 'Local' ? row.size : null,
        },
      ]),
    );
  }

  private async insert(values: Insertable<AttachmentsTable>): Promise<number> {
    const { id } = await this.db
      .insertInto('attachments')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }
}
