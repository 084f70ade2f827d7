// Avatars of users and teams (§2.1, §2.9): one image each, stored as a file the avatar holds a reference to.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import type { FileStore } from '../storage/file-store.ts';
import { encodeImage } from './images.ts';
import { avatarUrl } from './users.ts';

const avatarWidth = 300;

export class AvatarService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: FileStore,
  ) {}

  async setUserAvatar(userId: string, image: Buffer): Promise<string> {
    const old = await this.db
      .selectFrom('users')
      .select('avatar_hash')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!old) throw new DomainError(404, 'User not found');
    const hash = await this.store(image);
    await this.db.updateTable('users').set({ avatar_hash: hash }).where('id', '=', userId).execute();
    return this.replaced(old.avatar_hash, hash);
  }

  /** `read` runs only once the caller is known to captain the team (404, then 403, then the image's own 400s). */
  async setTeamAvatar(userId: string, teamId: number, read: () => Promise<Buffer>): Promise<string> {
    const team = await this.db
      .selectFrom('teams')
      .select(['captain_id', 'avatar_hash'])
      .where('id', '=', teamId)
      .executeTakeFirst();
    if (!team) throw new DomainError(404, 'Team not found');
    if (team.captain_id !== userId) throw new DomainError(403, 'Only the captain can do this');
    const hash = await this.store(await read());
    await this.db.updateTable('teams').set({ avatar_hash: hash }).where('id', '=', teamId).execute();
    return this.replaced(team.avatar_hash, hash);
  }

  private async store(image: Buffer): Promise<string> {
    const data = await encodeImage(image, { width: avatarWidth });
    const file = await this.files.put(data, 'avatar.webp', { reencoded: true });
    if (!file) throw new DomainError(400, 'The file is empty');
    return file.hash;
  }

  /** The old avatar's reference goes only now, so an identical re-upload never drops the blob in between. */
  private async replaced(oldHash: string | null, hash: string): Promise<string> {
    if (oldHash) await this.files.release(oldHash);
    return avatarUrl(hash) as string;
  }
}
