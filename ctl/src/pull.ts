// A game's challenges written as a folder: one folder per challenge, its challenge.yml and its files (files/).
// Every setting is written through the same table `push` reads (fields.ts), so pushing it back changes nothing.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PennonClient } from '@pennon/sdk';
import type { Attachment, ChallengeEditDetailModel } from '@pennon/sdk/contract';
import { stringify } from 'yaml';
import { fields, setPath } from './fields.ts';
import { hintSpecOf } from './hints.ts';
import type { AttachmentSpec } from './schema.ts';

const containerTypes = new Set(['StaticContainer', 'DynamicContainer']);

/** A folder name from a title: lower case, runs of anything but letters and digits as one dash. */
export const slugOf = (title: string): string =>
  title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '') || 'challenge';

/** Downloads a Local attachment into the challenge's files/ (a link stays a link). */
const fetchAttachment = async (
  client: PennonClient,
  dir: string,
  a: Attachment | null,
): Promise<AttachmentSpec | undefined> => {
  if (!a || a.type === 'None' || !a.url) return undefined;
  if (a.type === 'Remote') return { url: a.url };
  const [, hash = '', name = 'attachment'] = /^\/assets\/([0-9a-f]{64})\/(.+)$/.exec(a.url) ?? [];
  const fileName = decodeURIComponent(name).replaceAll('/', '_');
  const { data } = await client.assets.download(hash, fileName);
  await mkdir(path.join(dir, 'files'), { recursive: true });
  await writeFile(path.join(dir, 'files', fileName), new Uint8Array(await data.arrayBuffer()));
  return { file: `files/${fileName}` };
};

/** `titles`: the game's challenges by id, which prerequisites are written as. */
const specOf = async (
  client: PennonClient,
  gameId: number,
  dir: string,
  c: ChallengeEditDetailModel,
  titles: Map<number, string>,
) => {
  const spec: Record<string, unknown> = { name: c.title, type: c.type };
  for (const field of fields) {
    const value = c[field.key];
    if (value === null || value === undefined) continue;
    if (field.container && !containerTypes.has(c.type)) continue;
    if (field.key === 'flagTemplate' && c.type !== 'DynamicContainer') continue;
    setPath(spec, field.path, field.fromWire ? field.fromWire(value) : value);
  }
  const hints = [...c.hints, ...(await client.edit.hints(gameId, c.id)).map(hintSpecOf)];
  if (hints.length > 0) spec.hints = hints;
  if (c.prerequisites?.length) spec.prerequisites = c.prerequisites.map((id) => titles.get(id) ?? `#${id}`);
  const attachment = await fetchAttachment(client, dir, c.attachment);
  if (attachment) spec.attachment = attachment;
  if (c.type !== 'DynamicContainer') {
    spec.flags = [];
    for (const flag of c.flags) {
      const own = await fetchAttachment(client, dir, flag.attachment);
      (spec.flags as unknown[]).push(own ? { flag: flag.flag, attachment: own } : flag.flag);
    }
  }
  return spec;
};

/** Writes every challenge of the game under `root`; resolves to the folders written. */
export const pullGame = async (client: PennonClient, gameId: number, root: string): Promise<string[]> => {
  const written: string[] = [];
  const used = new Set<string>();
  const list = await client.edit.challenges(gameId);
  const titles = new Map(list.map((c) => [c.id, c.title]));
  for (const { id } of list) {
    const c = await client.edit.challenge(gameId, id);
    let slug = slugOf(c.title);
    if (used.has(slug)) slug = `${slug}-${id}`;
    used.add(slug);
    const dir = path.join(root, slug);
    await mkdir(dir, { recursive: true });
    const spec = await specOf(client, gameId, dir, c, titles);
    await writeFile(path.join(dir, 'challenge.yml'), stringify(spec, { lineWidth: 0 }));
    written.push(dir);
  }
  return written;
};
