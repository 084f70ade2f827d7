// Titled hints are matched to the platform's so that an edit rewrites a hint in place: a delete and a create would
// drop what teams unlocked and give their points back.
import type { HintEditModel } from '@pennon/sdk/contract';
import { describe, expect, it } from 'vitest';
import { hintInput, hintSpecOf, planHints, titledHints } from '../src/hints.ts';

const onPlatform = (id: number, title: string, content: string, unlockCount = 0): HintEditModel => ({
  id,
  title,
  content,
  costKind: 'Points',
  cost: 10,
  releaseTime: null,
  unlockCount,
});

describe('titled hints', () => {
  it('reads costs in points and percent, and writes them back the same', () => {
    const file = [
      'Free for all.',
      { title: ' Where ', content: 'Lamp room.', cost: 30 },
      { title: 'Almost', content: 'flag{b', cost: '50%', releaseAt: '2030-01-01T12:00:00Z' },
      { title: 'Free titled', content: 'Gift.' },
    ];
    const inputs = titledHints(file);
    expect(inputs).toEqual([
      { title: 'Where', content: 'Lamp room.', costKind: 'Points', cost: 30, releaseTime: null },
      {
        title: 'Almost',
        content: 'flag{b',
        costKind: 'Percent',
        cost: 50,
        releaseTime: Date.parse('2030-01-01T12:00:00Z'),
      },
      { title: 'Free titled', content: 'Gift.', costKind: 'Points', cost: 0, releaseTime: null },
    ]);
    const pulled = inputs.map((input, i) =>
      hintSpecOf({ id: i + 1, unlockCount: 0, ...input, releaseTime: input.releaseTime as number | null }),
    );
    expect(pulled.map(hintInput)).toEqual(inputs);
    expect(pulled[2]).toEqual({ title: 'Free titled', content: 'Gift.' });
  });

  it('matches by title, then by content, and rewrites in place', () => {
    const present = [
      onPlatform(1, 'Where', 'Lamp room.', 3),
      onPlatform(2, 'Old title', 'Kept words.', 1),
      onPlatform(3, 'Gone', 'Bye.', 2),
    ];
    const plan = planHints(
      titledHints([
        { title: 'New one', content: 'Fresh.' },
        { title: 'Where', content: 'Lamp room, top floor.', cost: 10 },
        { title: 'Renamed', content: 'Kept words.', cost: 10 },
      ]),
      present,
    );
    expect(plan.update.map((u) => [u.id, u.input.title])).toEqual([
      [1, 'Where'],
      [2, 'Renamed'],
    ]);
    expect(plan.create.map((c) => c.title)).toEqual(['New one']);
    expect(plan.remove.map((r) => r.id)).toEqual([3]);
    expect(plan.changes).toEqual([
      'hints: + "New one" (free)',
      'hints: ~ "Where": content',
      'hints: ~ "Renamed": title "Old title" → "Renamed"',
      'hints: - "Gone" (10 points, unlocked by 2: what they paid is given back)',
    ]);
  });

  it('changes nothing when the file says what the platform has', () => {
    const present = [onPlatform(1, 'Where', 'Lamp room.', 3)];
    const plan = planHints(titledHints([{ title: 'Where', content: 'Lamp room.', cost: 10 }]), present);
    expect(plan).toEqual({ create: [], update: [], remove: [], changes: [] });
  });
});
