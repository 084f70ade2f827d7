// Where each setting lives in challenge.yml and in the edit API, once: `push` and `diff` read the file through this
// table, `pull` writes it through the same table, so a pulled file pushes back as no change. Hints (two kinds, on two
// routes) and prerequisites (names in the file, ids on the platform) are planned apart, in plan.ts.
import type { ChallengeEditDetailModel, ChallengeUpdateModel } from '@pennon/sdk/contract';
import type { ChallengeSpec } from './schema.ts';

type Key = keyof ChallengeUpdateModel & keyof ChallengeEditDetailModel;

export interface Field {
  /** The path in challenge.yml. */
  path: string;
  key: Key;
  /** The file's value as the API takes and gives it (default: as it is). */
  toWire?: (value: unknown) => unknown;
  fromWire?: (value: unknown) => unknown;
  /** The wire value that clears the setting, which the API then gives as null or leaves out. */
  none?: unknown;
  /** Settings that only container challenges have: `pull` leaves them out of the others. */
  container?: true;
}

export const fields: Field[] = [
  { path: 'category', key: 'category' },
  { path: 'description', key: 'content' },
  { path: 'enabled', key: 'isEnabled' },
  { path: 'score.original', key: 'originalScore' },
  { path: 'score.minRate', key: 'minScoreRate' },
  { path: 'score.difficulty', key: 'difficulty' },
  { path: 'flagTemplate', key: 'flagTemplate' },
  { path: 'container.image', key: 'containerImage', container: true },
  { path: 'container.port', key: 'exposePort', container: true },
  { path: 'container.memory', key: 'memoryLimit', container: true },
  { path: 'container.cpu', key: 'cpuCount', container: true },
  { path: 'container.storage', key: 'storageLimit', container: true },
  { path: 'container.network', key: 'networkMode', container: true },
  { path: 'container.trafficCapture', key: 'enableTrafficCapture', container: true },
  { path: 'limits.submissions', key: 'submissionLimit' },
  {
    path: 'limits.deadline',
    key: 'deadlineUtc',
    toWire: (iso) => (iso === null ? 0 : Date.parse(String(iso))),
    fromWire: (ms) => new Date(Number(ms)).toISOString(),
    none: 0,
  },
  {
    path: 'releaseAt',
    key: 'releaseAt',
    toWire: (iso) => (iso === null ? 0 : Date.parse(String(iso))),
    fromWire: (ms) => new Date(Number(ms)).toISOString(),
    none: 0,
  },
  { path: 'bloodBonus', key: 'disableBloodBonus', toWire: (on) => !on, fromWire: (off) => !off },
];

export const getPath = (spec: ChallengeSpec, at: string): unknown =>
  at.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], spec);

export const setPath = (target: Record<string, unknown>, at: string, value: unknown): void => {
  const keys = at.split('.');
  const last = keys.pop() as string;
  let node = target;
  for (const key of keys) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[last] = value;
};

/** Equal as the platform stores them: scores are floating point, lists compare item by item. */
export const sameValue = (a: unknown, b: unknown): boolean =>
  typeof a === 'number' && typeof b === 'number'
    ? Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a))
    : JSON.stringify(a) === JSON.stringify(b);
