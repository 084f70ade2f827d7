// Posts (§2.5, §2.7): news shown on the home page, pinned ones first. Content is Markdown, stored as written.
import { randomBytes } from 'node:crypto';
import type { PostDetailModel, PostEditModel, PostInfoModel } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { avatarUrl } from './users.ts';

const latestCount = 20;

export class PostService {
  constructor(private readonly db: Kysely<Database>) {}

  latest(): Promise<PostInfoModel[]> {
    return this.list(latestCount);
  }

  all(): Promise<PostInfoModel[]> {
    return this.list();
  }

  async get(id: string): Promise<PostDetailModel> {
    const row = await this.query().select('posts.content').where('posts.id', '=', id).executeTakeFirst();
    if (!row) throw new DomainError(404, 'Post not found');
    return { ...toInfo(row), content: row.content };
  }

  /** Answers the new post's id. */
  async create(authorId: string, model: PostEditModel): Promise<string> {
    const id = await this.freeId();
    await this.db
      .insertInto('posts')
      .values({
        id,
        title: model.title ?? '',
        summary: model.summary ?? '',
        content: model.content ?? '',
        tags: JSON.stringify(model.tags ?? []),
        is_pinned: model.isPinned ? 1 : 0,
        author_id: authorId,
        update_time: Date.now(),
      })
      .execute();
    return id;
  }

  /** A given `isPinned` only (un)pins, keeping author and time; otherwise the given fields replace the stored ones. */
  async update(authorId: string, id: string, model: PostEditModel): Promise<PostDetailModel> {
    const values =
      model.isPinned != null
        ? { is_pinned: model.isPinned ? 1 : 0 }
        : {
            ...(model.title != null && { title: model.title }),
            ...(model.summary != null && { summary: model.summary }),
            ...(model.content != null && { content: model.content }),
            ...(model.tags != null && { tags: JSON.stringify(model.tags) }),
            author_id: authorId,
            update_time: Date.now(),
          };
    const updated = await this.db.updateTable('posts').set(values).where('id', '=', id).executeTakeFirst();
    if (updated.numUpdatedRows === 0n) throw new DomainError(404, 'Post not found');
    return this.get(id);
  }

  async delete(id: string): Promise<void> {
    const deleted = await this.db.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw new DomainError(404, 'Post not found');
  }

  private async list(limit?: number): Promise<PostInfoModel[]> {
    let query = this.query().orderBy('posts.is_pinned', 'desc').orderBy('posts.update_time', 'desc');
    if (limit !== undefined) query = query.limit(limit);
    return (await query.execute()).map(toInfo);
  }

  private query() {
    return this.db
      .selectFrom('posts')
      .leftJoin('users', 'users.id', 'posts.author_id')
      .select([
        'posts.id',
        'posts.title',
        'posts.summary',
        'posts.tags',
        'posts.is_pinned',
        'posts.update_time',
        'users.user_name',
        'users.avatar_hash',
      ]);
  }

  private async freeId(): Promise<string> {
    for (;;) {
      const id = randomBytes(4).toString('hex');
      const taken = await this.db.selectFrom('posts').select('id').where('id', '=', id).executeTakeFirst();
      if (!taken) return id;
    }
  }
}

interface PostRow {
  id: string;
  title: string;
  summary: string;
  tags: string;
  is_pinned: number;
  update_time: number;
  user_name: string | null;
  avatar_hash: string | null;
}

const toInfo = (row: PostRow): PostInfoModel => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  isPinned: row.is_pinned === 1,
  tags: JSON.parse(row.tags) as string[],
  authorAvatar: avatarUrl(row.avatar_hash),
  authorName: row.user_name,
  time: row.update_time,
});
