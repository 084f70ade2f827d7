// Staged release (issue #44): when a challenge opens to a team, and which prerequisite graphs an admin may save.
// Both ends apply these: the server decides with them, the admin page warns before saving.

/** A challenge's release: a time (null: none) and the challenges its team must have solved (empty: none). */
export interface ReleaseRule {
  releaseAt: number | null;
  prerequisites: readonly number[];
}

/**
 * The first value of the monitor's Normal event that a challenge opened: [marker, challenge id, title], with the team
 * it opened to (none for a time release, which opens it to every team). GZ::CTF's monitor shows the values as text.
 */
export const releaseEventMarker = 'ChallengeOpened';

/** Whether the release time, if any, has come. */
export const releasedByTime = (rule: ReleaseRule | undefined, now: number): boolean =>
  rule?.releaseAt == null || rule.releaseAt <= now;

/** Whether the challenge is open to a team that solved `solved`; no rule: always. */
export const isReleased = (
  rule: ReleaseRule | undefined,
  now: number,
  solved: { has(challengeId: number): boolean },
): boolean => releasedByTime(rule, now) && (rule?.prerequisites ?? []).every((id) => solved.has(id));

/**
 * The cycle that giving `challengeId` the prerequisites `prerequisites` would close, as the challenge ids along it
 * from `challengeId` back to it; undefined when there is none. `graph` is every challenge's current prerequisites.
 */
export const prerequisiteCycle = (
  graph: ReadonlyMap<number, readonly number[]>,
  challengeId: number,
  prerequisites: readonly number[],
): number[] | undefined => {
  const edges = (id: number) => (id === challengeId ? prerequisites : (graph.get(id) ?? []));
  const seen = new Set<number>();
  const walk = (id: number, path: number[]): number[] | undefined => {
    for (const next of edges(id)) {
      if (next === challengeId) return [...path, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const cycle = walk(next, [...path, next]);
      if (cycle) return cycle;
    }
    return undefined;
  };
  return walk(challengeId, [challengeId]);
};
