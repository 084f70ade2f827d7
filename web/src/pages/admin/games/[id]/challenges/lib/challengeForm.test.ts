import { describe, expect, it } from 'vitest';
import { editableChallenge } from '../../../../../../../test/fixtures.ts';
import { updateOf, valuesOf } from './challengeForm.ts';

describe('challenge form', () => {
  it('sends the enabled state only when it changed, so saving does not announce the challenge again', () => {
    const c = editableChallenge();
    expect(updateOf(valuesOf(c), c)).not.toHaveProperty('isEnabled');
    expect(updateOf({ ...valuesOf(c), isEnabled: false }, c).isEnabled).toBe(false);
  });

  it('clears the deadline with 0 and drops blank hints', () => {
    const c = editableChallenge({ deadlineUtc: 1_800_000_000_000 });
    const values = valuesOf(c);
    expect(updateOf(values, c).deadlineUtc).toBe(1_800_000_000_000);
    const update = updateOf({ ...values, hasDeadline: false, hints: [' a ', '  ', 'b'] }, c);
    expect(update.deadlineUtc).toBe(0);
    expect(update.hints).toEqual(['a', 'b']);
  });

  it('sends container settings for container challenges only, CPU in tenths of a core', () => {
    const plain = editableChallenge();
    expect(updateOf(valuesOf(plain), plain)).not.toHaveProperty('containerImage');
    const box = editableChallenge({ type: 'DynamicContainer', cpuCount: 5, containerImage: 'img' });
    expect(valuesOf(box).cpu).toBe(0.5);
    const update = updateOf({ ...valuesOf(box), cpu: 1.5, containerImage: ' localhost/app:1 ' }, box);
    expect(update).toMatchObject({ cpuCount: 15, containerImage: 'localhost/app:1', exposePort: 80 });
  });

  it('sends the release time (0 clears it) and the prerequisites as ids', () => {
    const c = editableChallenge({ releaseAt: 1_800_000_000_000, prerequisites: [4, 7] });
    const values = valuesOf(c);
    expect(values.prerequisites).toEqual(['4', '7']);
    expect(updateOf(values, c)).toMatchObject({ releaseAt: 1_800_000_000_000, prerequisites: [4, 7] });
    expect(updateOf({ ...values, hasRelease: false, prerequisites: [] }, c)).toMatchObject({
      releaseAt: 0,
      prerequisites: [],
    });
  });
});
