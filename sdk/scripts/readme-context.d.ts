// What the README's snippets take from their surroundings: a client made as its first snippets show, the ids a
// script works on, and a page's own functions. check-readme.mjs compiles every snippet with these in scope.
import type { ClientConfig, ContainerInfoModel, PennonClient, ScoreboardModel } from '@pennon/sdk';

declare global {
  const client: PennonClient;
  const baseUrl: string;
  const token: string;
  const gameId: number;
  const challengeId: number;
  const flag: string;
  const signal: AbortSignal;
  const solved: Set<string>;
  const config: ClientConfig;
  const container: ContainerInfoModel;
  /** A pairing code `pennon-wsrx pair` printed. */
  const code: string;
  const render: (view: unknown) => void;
  const highlightChanges: (before: ScoreboardModel, after: ScoreboardModel) => void;
}
