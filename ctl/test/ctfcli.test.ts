// ctfcli's hints and requirements as Pennon's titled hints and prerequisites, and what does not come along.
import { describe, expect, it } from 'vitest';
import { fromCtfcli } from '../src/ctfcli.ts';

describe('ctfcli hints and requirements', () => {
  it('makes a costed hint a titled one, a free untitled hint a string', () => {
    const { spec, notes } = fromCtfcli({
      name: 'Overflow',
      category: 'pwn',
      value: 100,
      hints: [
        'Free hint',
        { content: 'Also free', cost: 0 },
        { content: 'Paid hint', cost: 10 },
        { title: 'Named', content: 'Named and free' },
        { content: 'Needs another', cost: 5, requirements: [1] },
      ],
    });
    expect(spec.hints).toEqual([
      'Free hint',
      'Also free',
      { title: 'Hint 3', content: 'Paid hint', cost: 10 },
      { title: 'Named', content: 'Named and free' },
      { title: 'Hint 5', content: 'Needs another', cost: 5 },
    ]);
    expect(notes).toEqual(["hint 5's requirements not mapped: each hint is unlocked on its own"]);
  });

  it('takes requirements by name, in both of ctfcli’s forms, and reports ids and anonymize', () => {
    expect(fromCtfcli({ name: 'A', value: 1, requirements: ['Warmup', 'Keys'] })).toMatchObject({
      spec: { prerequisites: ['Warmup', 'Keys'] },
    });
    const { spec, notes } = fromCtfcli({
      name: 'B',
      value: 1,
      requirements: { prerequisites: ['Warmup', 12], anonymize: true },
    });
    expect(spec.prerequisites).toEqual(['Warmup']);
    expect(notes).toContain("requirements 12 not mapped: name the challenges, not CTFd's ids");
    expect(notes).toContain('requirements.anonymize not mapped: Pennon hides a locked challenge altogether');
  });
});
