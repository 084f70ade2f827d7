// Hints as challenge.yml writes them and as the platform keeps them: a string is GZ::CTF's free hint (the challenge's
// `hints` list); a mapping is a titled hint (its own route), which teams unlock, perhaps paying for it. Titled hints
// are matched to the platform's by title, then by content, so an edit rewrites the hint in place: deleting and adding
// it would drop the unlocks teams paid for (and give their points back).
import type { HintEditModel, HintInput } from '@pennon/sdk/contract';
import type { HintSpec } from './schema.ts';

type TitledSpec = Exclude<HintSpec, string>;

export const plainHints = (hints: HintSpec[]): string[] =>
  hints.filter((hint): hint is string => typeof hint === 'string');

/** A titled hint of the file as the edit API takes it. */
export const hintInput = (hint: TitledSpec): HintInput => {
  const percent = typeof hint.cost === 'string';
  return {
    title: hint.title.trim(),
    content: hint.content,
    costKind: percent ? 'Percent' : 'Points',
    cost: typeof hint.cost === 'string' ? Number.parseInt(hint.cost, 10) : (hint.cost ?? 0),
    releaseTime: hint.releaseAt === undefined ? null : Date.parse(hint.releaseAt),
  };
};

export const titledHints = (hints: HintSpec[]): HintInput[] =>
  hints.flatMap((hint) => (typeof hint === 'string' ? [] : [hintInput(hint)]));

/** A platform's titled hint as the file writes it (a free one without `cost`), so it reads back as the same. */
export const hintSpecOf = (hint: HintEditModel): TitledSpec => ({
  title: hint.title,
  content: hint.content,
  ...(hint.costKind === 'Percent' ? { cost: `${hint.cost}%` } : hint.cost !== 0 && { cost: hint.cost }),
  ...(hint.releaseTime !== null && { releaseAt: new Date(hint.releaseTime).toISOString() }),
});

const costText = (hint: Pick<HintInput, 'cost' | 'costKind'>) =>
  hint.cost === 0 ? 'free' : hint.costKind === 'Percent' ? `${hint.cost} %` : `${hint.cost} points`;
const timeText = (ms: number | null | undefined) => (ms == null ? 'none' : new Date(ms).toISOString());

export interface HintPlan {
  create: HintInput[];
  update: { id: number; input: HintInput }[];
  remove: HintEditModel[];
  /** Lines for people, one per hint. */
  changes: string[];
}

/** What makes the platform's titled hints (`present`) the file's (`wanted`). */
export const planHints = (wanted: HintInput[], present: HintEditModel[]): HintPlan => {
  const plan: HintPlan = { create: [], update: [], remove: [], changes: [] };
  const pairs = new Map<HintInput, HintEditModel>();
  const free = new Set(present);
  for (const same of [
    (a: HintInput, b: HintEditModel) => a.title === b.title,
    (a: HintInput, b: HintEditModel) => a.content === b.content,
  ])
    for (const input of wanted) {
      if (pairs.has(input)) continue;
      const found = [...free].find((hint) => same(input, hint));
      if (!found) continue;
      pairs.set(input, found);
      free.delete(found);
    }
  for (const input of wanted) {
    const hint = pairs.get(input);
    if (!hint) {
      plan.create.push(input);
      plan.changes.push(`hints: + ${JSON.stringify(input.title)} (${costText(input)})`);
      continue;
    }
    const changed = [
      input.title !== hint.title && `title ${JSON.stringify(hint.title)} → ${JSON.stringify(input.title)}`,
      input.content !== hint.content && 'content',
      (input.cost !== hint.cost || input.costKind !== hint.costKind) &&
        `cost ${costText(hint)} → ${costText(input)}`,
      (input.releaseTime ?? null) !== hint.releaseTime &&
        `releaseAt ${timeText(hint.releaseTime)} → ${timeText(input.releaseTime as number | null)}`,
    ].filter((part) => part !== false);
    if (changed.length === 0) continue;
    plan.update.push({ id: hint.id, input });
    plan.changes.push(`hints: ~ ${JSON.stringify(input.title)}: ${changed.join(', ')}`);
  }
  for (const hint of free) {
    plan.remove.push(hint);
    const paid =
      hint.unlockCount > 0 ? `, unlocked by ${hint.unlockCount}: what they paid is given back` : '';
    plan.changes.push(`hints: - ${JSON.stringify(hint.title)} (${costText(hint)}${paid})`);
  }
  return plan;
};
