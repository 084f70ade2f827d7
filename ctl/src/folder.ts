// A folder of challenges: every challenge.yml (or .yaml) under it, read, checked against the schema and the rules
// between fields, its files hashed. Every problem names its file and field, all of them at once.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Zippable, zipSync } from 'fflate';
import Value from 'typebox/value';
import { parseDocument } from 'yaml';
import { fromCtfcli, isCtfcli } from './ctfcli.ts';
import { cyclesOf } from './prerequisites.ts';
import { type AttachmentSpec, ChallengeSpec } from './schema.ts';

/** A file to attach: one of the folder, or several of it zipped. */
export interface LocalFile {
  /** The path as the challenge.yml writes it (a zip's download name). */
  file: string;
  name: string;
  sha256: string;
  size: number;
  read(): Promise<Uint8Array>;
}

export type LocalAttachment = { kind: 'file'; local: LocalFile } | { kind: 'url'; url: string };

export interface LocalChallenge {
  /** The challenge.yml, relative to the current folder. */
  file: string;
  /** Its folder, relative to the folder pushed (`web/login`): a prerequisite may name it so. */
  folder: string;
  spec: ChallengeSpec;
  type: NonNullable<ChallengeSpec['type']>;
  attachment?: LocalAttachment;
  flags?: { flag: string; attachment?: LocalAttachment }[];
  /** The challenges it needs, by name: a folder named in the file is its challenge's name here. */
  prerequisites?: string[];
  /** ctfcli fields Pennon has no place for. */
  notes: string[];
  ctfcli: boolean;
}

export class InvalidFiles extends Error {
  constructor(readonly problems: string[]) {
    super(`${problems.length} problem${problems.length === 1 ? '' : 's'} in the challenge files`);
  }
}

const specNames = new Set(['challenge.yml', 'challenge.yaml']);
const skipped = new Set(['node_modules', '.git']);

const findSpecs = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const own = entries.filter((e) => e.isFile() && specNames.has(e.name)).map((e) => path.join(dir, e.name));
  if (own.length > 0) return own;
  const nested = await Promise.all(
    entries
      .filter((e) => e.isDirectory() && !skipped.has(e.name) && !e.name.startsWith('.'))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((e) => findSpecs(path.join(dir, e.name))),
  );
  return nested.flat();
};

const dotted = (pointer: string) => pointer.replace(/^\//, '').replaceAll('/', '.') || '(top level)';

/** The part of the schema a complaint's `schemaPath` (`#/properties/flags/items/anyOf/1`) points at. */
const schemaAt = (schemaPath: string): { description?: string } | undefined =>
  schemaPath
    .replace(/^#\/?/, '')
    .split('/')
    .filter((key) => key !== '')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], ChallengeSpec) as
    | { description?: string }
    | undefined;

/**
 * The schema's complaints, one per field, in words: an unknown field named at its parent, an enum with its values,
 * a field of several forms (a union) with the forms it may take rather than each form's own complaint.
 */
const schemaProblems = (value: unknown): string[] => {
  const errors = [...Value.Errors(ChallengeSpec, value)].filter((e) => e.keyword !== 'boolean');
  const unions = new Map(errors.filter((e) => e.keyword === 'anyOf').map((e) => [e.instancePath, e]));
  const problems = new Map<string, string>();
  for (const error of errors) {
    const params = error.params as {
      additionalProperties?: string[];
      requiredProperties?: string[];
      allowedValues?: string[];
    };
    const at = dotted(error.instancePath);
    // A deeper complaint inside a union's branch says more than the union's own.
    const deeper = errors.some((e) => e.instancePath.startsWith(`${error.instancePath}/`));
    if (deeper && error.keyword !== 'additionalProperties') continue;
    const union = unions.get(error.instancePath);
    const problem = params.additionalProperties
      ? `unknown field ${params.additionalProperties.join(', ')}`
      : union
        ? `must be ${schemaAt(union.schemaPath)?.description ?? 'one of the forms the schema allows'}`
        : params.requiredProperties
          ? `missing ${params.requiredProperties.join(', ')}`
          : params.allowedValues
            ? `must be one of ${params.allowedValues.join(', ')}`
            : error.message;
    const key = `${error.instancePath} ${problem}`;
    if (!problems.has(key)) problems.set(key, `${at}: ${problem}`);
  }
  return [...problems.values()];
};

const containerTypes = new Set(['StaticContainer', 'DynamicContainer']);

/** What the schema cannot say: which fields each challenge type takes. */
const typeProblems = (spec: ChallengeSpec, type: string): string[] => {
  const problems: string[] = [];
  if (spec.container && !containerTypes.has(type))
    problems.push('container: only StaticContainer and DynamicContainer challenges run containers');
  if (spec.flags && type === 'DynamicContainer')
    problems.push('flags: a DynamicContainer challenge makes each team’s flag from flagTemplate');
  if (spec.flagTemplate !== undefined && type !== 'DynamicContainer')
    problems.push('flagTemplate: only DynamicContainer challenges make flags');
  if (spec.attachment && type === 'DynamicAttachment')
    problems.push('attachment: a DynamicAttachment challenge takes one attachment per flag');
  spec.flags?.forEach((flag, i) => {
    if (typeof flag !== 'string' && type !== 'DynamicAttachment')
      problems.push(`flags.${i}.attachment: only DynamicAttachment challenges attach files to flags`);
  });
  return problems;
};

/** Titled hints are matched to the platform's by title, so each title is one hint's. */
const hintProblems = (spec: ChallengeSpec): string[] => {
  const titles = new Set<string>();
  const problems: string[] = [];
  spec.hints?.forEach((hint, i) => {
    if (typeof hint === 'string') return;
    const title = hint.title.trim();
    if (titles.has(title))
      problems.push(`hints.${i}.title: another hint of the challenge is titled ${title}`);
    titles.add(title);
  });
  return problems;
};

const sha256Of = (content: Uint8Array) => createHash('sha256').update(content).digest('hex');

/** A file of the folder, or why it cannot be attached. */
const hashFile = async (dir: string, file: string, field: string): Promise<LocalFile | string> => {
  const absolute = path.resolve(dir, file);
  const inside = path.relative(dir, absolute);
  if (inside.startsWith('..') || path.isAbsolute(inside))
    return `${field}: ${file} is outside the challenge folder`;
  const info = await stat(absolute).catch(() => undefined);
  if (!info?.isFile()) return `${field}: ${file} is not a file`;
  if (info.size === 0) return `${field}: ${file} is empty`;
  const sha256 = sha256Of(await readFile(absolute));
  return { file, name: path.basename(absolute), sha256, size: info.size, read: () => readFile(absolute) };
};

/** Zip entries' time: fixed, so the same files make the same bytes (and hash) at every push. */
const zipTime = new Date('2000-01-01T00:00:00Z');

const zipFiles = async (
  dir: string,
  files: string[],
  name: string,
  field: string,
): Promise<LocalFile | string> => {
  const found = await Promise.all(files.map((file, i) => hashFile(dir, file, `${field}.files.${i}`)));
  const problem = found.find((f) => typeof f === 'string');
  if (problem !== undefined) return problem;
  const entries: Zippable = {};
  for (const f of found as LocalFile[])
    entries[path.posix.normalize(f.file)] = [await f.read(), { mtime: zipTime }];
  const zip = zipSync(entries);
  return { file: name, name, sha256: sha256Of(zip), size: zip.length, read: async () => zip };
};

const resolveAttachment = async (
  dir: string,
  spec: AttachmentSpec,
  field: string,
): Promise<LocalAttachment | string> => {
  if ('url' in spec) return { kind: 'url', url: spec.url };
  const local =
    'files' in spec
      ? await zipFiles(dir, spec.files, spec.name, field)
      : await hashFile(dir, spec.file, `${field}.file`);
  return typeof local === 'string' ? local : { kind: 'file', local };
};

const loadOne = async (
  root: string,
  specFile: string,
): Promise<{ challenge?: LocalChallenge; problems: string[] }> => {
  const file = path.relative(process.cwd(), specFile) || specFile;
  const where = (problem: string) => `${file}: ${problem}`;
  const doc = parseDocument(await readFile(specFile, 'utf8'));
  // The first syntax error: the ones after it mostly follow from it.
  const [broken] = doc.errors;
  if (broken) return { problems: [where(`not YAML: ${broken.message}`)] };
  const raw = doc.toJS() as unknown;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { problems: [where('(top level): must be a mapping of fields')] };
  const ctfcli = isCtfcli(raw as Record<string, unknown>);
  const { spec, notes } = ctfcli
    ? fromCtfcli(raw as Record<string, unknown>)
    : { spec: raw as Record<string, unknown>, notes: [] };
  const problems = schemaProblems(spec);
  if (problems.length > 0) return { problems: problems.map(where) };
  const valid = spec as ChallengeSpec;
  const type = valid.type ?? 'StaticAttachment';
  const found = [...typeProblems(valid, type), ...hintProblems(valid)];
  const dir = path.dirname(specFile);
  const folder = path.relative(root, dir).split(path.sep).join('/');
  const challenge: LocalChallenge = { file, folder, spec: valid, type, notes, ctfcli };
  if (valid.attachment) {
    const attachment = await resolveAttachment(dir, valid.attachment, 'attachment');
    if (typeof attachment === 'string') found.push(attachment);
    else challenge.attachment = attachment;
  }
  if (valid.flags) {
    challenge.flags = [];
    for (const [i, flag] of valid.flags.entries()) {
      if (typeof flag === 'string') {
        challenge.flags.push({ flag });
        continue;
      }
      const attachment = await resolveAttachment(dir, flag.attachment, `flags.${i}.attachment`);
      if (typeof attachment === 'string') found.push(attachment);
      else challenge.flags.push({ flag: flag.flag, attachment });
    }
  }
  return { challenge, problems: found.map(where) };
};

/** Every challenge under `root`; throws InvalidFiles listing every problem of every file. */
export const loadFolder = async (root: string): Promise<LocalChallenge[]> => {
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) throw new InvalidFiles([`${root}: not a folder`]);
  const specs = await findSpecs(path.resolve(root));
  if (specs.length === 0) throw new InvalidFiles([`${root}: no challenge.yml in it or its folders`]);
  const loaded = await Promise.all(specs.map((spec) => loadOne(path.resolve(root), spec)));
  const problems = loaded.flatMap((l) => l.problems);
  const challenges = loaded.flatMap((l) => (l.challenge ? [l.challenge] : []));
  const byName = new Map<string, string>();
  for (const c of challenges) {
    const other = byName.get(c.spec.name);
    if (other) problems.push(`${c.file}: name: ${JSON.stringify(c.spec.name)} is taken by ${other} too`);
    byName.set(c.spec.name, c.file);
  }
  problems.push(...resolvePrerequisites(challenges));
  if (problems.length > 0) throw new InvalidFiles(problems);
  return challenges;
};

/**
 * Sets each challenge's prerequisites as names: a challenge's name, else its folder from the root, else the last part
 * of one folder. A name the folder lacks stays for the platform to have (diff and push check). The folder's own
 * prerequisites may not make a cycle.
 */
const resolvePrerequisites = (challenges: LocalChallenge[]): string[] => {
  const names = new Set(challenges.map((c) => c.spec.name));
  const byFolder = new Map(challenges.map((c) => [c.folder, c.spec.name]));
  const byLast = new Map<string, string[]>();
  for (const c of challenges) {
    const last = c.folder.split('/').pop() ?? '';
    byLast.set(last, [...(byLast.get(last) ?? []), c.spec.name]);
  }
  const nameOf = (entry: string) => {
    const [one, ...more] = byLast.get(entry) ?? [];
    return names.has(entry) ? entry : (byFolder.get(entry) ?? (one && more.length === 0 ? one : entry));
  };
  for (const c of challenges)
    if (c.spec.prerequisites) c.prerequisites = [...new Set(c.spec.prerequisites.map(nameOf))];

  const index = new Map(challenges.map((c, i) => [c.spec.name, i]));
  const graph = new Map(
    challenges.map((c, i) => [
      i,
      (c.prerequisites ?? []).flatMap((name) => (index.has(name) ? [index.get(name) as number] : [])),
    ]),
  );
  return cyclesOf(graph, (i) => challenges[i]?.spec.name ?? '').map(
    ({ ids: [first = 0], text }) => `${challenges[first]?.file}: prerequisites: a cycle: ${text}`,
  );
};
