// Staged release's prerequisites as a graph: the cycles it has, each once, in the names a person knows them by. The
// folder is checked on its own (validate), and again at diff and push with the game's own prerequisites beside it.
import { prerequisiteCycle } from '@pennon/sdk/contract';

/** Every cycle of `graph` (a challenge → the challenges it needs), each once, as `A → B → A`. */
export const cyclesOf = (
  graph: ReadonlyMap<number, readonly number[]>,
  name: (id: number) => string,
): { ids: number[]; text: string }[] => {
  const seen = new Set<string>();
  const cycles: { ids: number[]; text: string }[] = [];
  for (const [id, prerequisites] of graph) {
    const cycle = prerequisiteCycle(graph, id, prerequisites);
    if (!cycle) continue;
    const key = [...new Set(cycle)].sort((a, b) => a - b).join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    cycles.push({ ids: cycle, text: cycle.map(name).join(' → ') });
  }
  return cycles;
};
