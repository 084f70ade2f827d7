// CTFd ctfcli's challenge.yml read as Pennon's, so an event moves from CTFd with its challenge repository as it is.
// What Pennon has no place for is reported (`notes`), never dropped in silence.
import { ChallengeCategory } from '@pennon/sdk/contract';
import { slugOf } from './pull.ts';
import type { ChallengeSpec, FlagSpec } from './schema.ts';

/** ctfcli's own `type` values: a file that names one is ctfcli's (Pennon's types are StaticAttachment etc.). */
const ctfcliTypes = new Set(['standard', 'dynamic']);

export const isCtfcli = (raw: Record<string, unknown>): boolean =>
  (typeof raw.type === 'string' && ctfcliTypes.has(raw.type)) || (raw.type === undefined && 'value' in raw);

/** CTFd's categories are free text; these common spellings name a Pennon category. */
const categoryAliases: Record<string, ChallengeSpec['category']> = {
  rev: 'Reverse',
  reversing: 'Reverse',
  'reverse engineering': 'Reverse',
  binary: 'Pwn',
  exploitation: 'Pwn',
  cryptography: 'Crypto',
  forensic: 'Forensics',
  miscellaneous: 'Misc',
  web3: 'Blockchain',
  programming: 'PPC',
};

const pennonCategory = (name: unknown): ChallengeSpec['category'] | undefined => {
  if (typeof name !== 'string') return undefined;
  const wanted = name.trim().toLowerCase();
  return ChallengeCategory.enum.find((c) => c.toLowerCase() === wanted) ?? categoryAliases[wanted];
};

/** A regex flag that only spells one string (`^flag\{abc\}$`) is that string; undefined for a real pattern. */
export const literalOfRegex = (pattern: string): string | undefined => {
  const body = pattern.replace(/^\^/, '').replace(/(?<!\\)\$$/, '');
  let literal = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === '\\') {
      const next = body[++i];
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return undefined;
      literal += next;
    } else if ('.*+?()[]{}|^$'.includes(c)) return undefined;
    else literal += c;
  }
  return literal === '' ? undefined : literal;
};

/**
 * CTFd's dynamic value falls from `initial` to `minimum` in `decay` solves; Pennon's tends to its floor
 * exponentially. The difficulty is chosen so the value has gone 95 % of the way at `decay` solves.
 */
export const difficultyForDecay = (decay: number): number =>
  Math.round((Math.max(decay - 1, 1) / Math.log(20)) * 100) / 100;

const mapped = new Set([
  'name',
  'category',
  'description',
  'value',
  'type',
  'extra',
  'initial',
  'decay',
  'minimum',
  'flags',
  'hints',
  'requirements',
  'files',
  'tags',
  'connection_info',
  'state',
  'attempts',
]);

export interface Converted {
  spec: Record<string, unknown>;
  notes: string[];
}

/** A ctfcli challenge.yml as Pennon's (checked against the schema afterwards, like any other file). */
export const fromCtfcli = (raw: Record<string, unknown>): Converted => {
  const notes: string[] = [];
  const spec: Record<string, unknown> = { name: raw.name, type: 'StaticAttachment' };

  const category = pennonCategory(raw.category);
  const tags = Array.isArray(raw.tags) ? raw.tags.map((tag) => String(tag)) : [];
  const tagCategory = tags.map(pennonCategory).find((c) => c !== undefined);
  spec.category = category ?? tagCategory ?? 'Misc';
  if (!category)
    notes.push(`category ${JSON.stringify(raw.category)} is not one of Pennon's: ${spec.category} taken`);

  const description = [typeof raw.description === 'string' ? raw.description.trimEnd() : ''];
  if (typeof raw.connection_info === 'string' && raw.connection_info.trim() !== '')
    description.push(`Connect: \`${raw.connection_info.trim()}\``);
  const otherTags = tags.filter((tag) => pennonCategory(tag) !== spec.category);
  if (otherTags.length > 0) description.push(`Tags: ${otherTags.join(', ')}`);
  spec.description = description.filter((part) => part !== '').join('\n\n');

  const extra = (typeof raw.extra === 'object' && raw.extra !== null ? raw.extra : {}) as Record<
    string,
    unknown
  >;
  const dynamic = { ...raw, ...extra } as Record<string, unknown>;
  if (raw.type === 'dynamic' && typeof dynamic.initial === 'number') {
    const minimum = typeof dynamic.minimum === 'number' ? dynamic.minimum : dynamic.initial;
    const decay = typeof dynamic.decay === 'number' ? dynamic.decay : 1;
    spec.score = {
      original: dynamic.initial,
      minRate: dynamic.initial > 0 ? Math.min(1, minimum / dynamic.initial) : 1,
      difficulty: difficultyForDecay(decay),
    };
  } else spec.score = { original: raw.value, minRate: 1 };

  if (Array.isArray(raw.flags)) {
    const flags: FlagSpec[] = [];
    for (const flag of raw.flags) {
      if (typeof flag === 'string') {
        flags.push(flag);
        continue;
      }
      const { type = 'static', content, data } = (flag ?? {}) as Record<string, unknown>;
      const literal =
        type === 'static' ? content : type === 'regex' ? literalOfRegex(String(content ?? '')) : undefined;
      if (typeof literal !== 'string') {
        notes.push(`flag ${JSON.stringify(content)} (${String(type)}) not mapped: Pennon's flags are exact`);
        continue;
      }
      if (data === 'case_insensitive')
        notes.push(`flag ${JSON.stringify(literal)} is case-sensitive on Pennon`);
      flags.push(literal);
    }
    spec.flags = flags;
  }

  // An untitled free hint stays GZ::CTF's plain one; one with a cost or a title (CTFd's titles are newer) becomes a
  // titled hint, named by its place when untitled.
  if (Array.isArray(raw.hints)) {
    spec.hints = raw.hints.map((hint, i) => {
      if (typeof hint !== 'object' || hint === null) return hint;
      const { content, cost, title, requirements } = hint as Record<string, unknown>;
      if (requirements !== undefined)
        notes.push(`hint ${i + 1}'s requirements not mapped: each hint is unlocked on its own`);
      const paid = typeof cost === 'number' && cost > 0;
      if (!paid && typeof title !== 'string') return content;
      return { title: typeof title === 'string' ? title : `Hint ${i + 1}`, content, ...(paid && { cost }) };
    });
  }

  // `requirements`: a list, or `{prerequisites: [...], anonymize}` (ctfcli 0.1.2 on); CTFd's ids mean nothing here.
  const requirements = Array.isArray(raw.requirements)
    ? raw.requirements
    : (raw.requirements as { prerequisites?: unknown } | null | undefined)?.prerequisites;
  if (Array.isArray(requirements)) {
    spec.prerequisites = requirements.filter((r) => typeof r === 'string');
    const ids = requirements.filter((r) => typeof r !== 'string');
    if (ids.length > 0)
      notes.push(`requirements ${ids.join(', ')} not mapped: name the challenges, not CTFd's ids`);
  }
  if ((raw.requirements as { anonymize?: unknown } | null)?.anonymize)
    notes.push('requirements.anonymize not mapped: Pennon hides a locked challenge altogether');

  // Pennon has one attachment a challenge: several files go as one zip.
  if (Array.isArray(raw.files) && raw.files.length === 1) spec.attachment = { file: raw.files[0] };
  else if (Array.isArray(raw.files) && raw.files.length > 1)
    spec.attachment = { files: raw.files, name: `${slugOf(String(raw.name))}.zip` };
  if (raw.state === 'visible' || raw.state === 'hidden') spec.enabled = raw.state === 'visible';
  if (typeof raw.attempts === 'number') spec.limits = { submissions: raw.attempts };

  const unmapped = Object.keys(raw).filter((key) => !mapped.has(key) && raw[key] !== null);
  if (unmapped.length > 0) notes.push(`not mapped: ${unmapped.join(', ')}`);
  return { spec, notes };
};
