// What a division lets its teams do (§4.4): a per-challenge override replaces the default; no division ⇒ All.
import { GamePermission, hasPermission } from '@pennon/sdk/contract';

export interface DivisionRules {
  defaultPermissions: number;
  /** challenge id → permissions. */
  overrides: Map<number, number>;
}

export const permissionsFor = (division: DivisionRules | undefined, challengeId: number): number =>
  division ? (division.overrides.get(challengeId) ?? division.defaultPermissions) : GamePermission.All;

export const may = (division: DivisionRules | undefined, challengeId: number, wanted: number): boolean =>
  hasPermission(permissionsFor(division, challengeId), wanted);
