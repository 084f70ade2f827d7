import { GamePermission } from '@pennon/sdk';
import { describe, expect, it } from 'vitest';
import { grantedFlags, PERMISSION_FLAGS, setPermission } from './permissions.ts';

describe('division permissions', () => {
  it('reads every flag from All and none from 0', () => {
    expect(grantedFlags(GamePermission.All)).toEqual([...PERMISSION_FLAGS]);
    expect(grantedFlags(0)).toEqual([]);
  });

  it('takes one flag away from All and gives it back, keeping the other bits', () => {
    const withoutRanking = setPermission(GamePermission.All, 'RankOverall', false);
    expect(withoutRanking).toBe(GamePermission.All - GamePermission.RankOverall);
    expect(grantedFlags(withoutRanking)).not.toContain('RankOverall');
    expect(setPermission(withoutRanking, 'RankOverall', true)).toBe(GamePermission.All);
  });

  it('builds a permission set flag by flag', () => {
    const set = setPermission(setPermission(0, 'ViewChallenge', true), 'SubmitFlags', true);
    expect(set).toBe(256 + 512);
    expect(grantedFlags(set)).toEqual(['ViewChallenge', 'SubmitFlags']);
    expect(setPermission(set, 'GetScore', false)).toBe(set);
  });
});
