// Big games' scoreboards are rendered on a worker thread: a rebuild of 1,000 teams × 100 challenges takes a quarter
// of a second of CPU, which on the main thread stalled every request for as long, after every solve.
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { Rendered } from './scoreboard-render.ts';

export interface RenderRequest {
  id: number;
  gameId: number;
  now: number;
}

export type RenderReply =
  | { id: number; rendered: Rendered | undefined }
  | { id: number; error: string }
  /** Sent once, when the worker has loaded and can render. */
  | { ready: true };

interface Pending {
  resolve(rendered: Rendered | undefined): void;
  reject(error: Error): void;
}

interface Running {
  worker: Worker;
  ready: boolean;
  pending: Map<number, Pending>;
}

/**
 * The worker's entry: from the sources, render.worker.js installs the TypeScript loader a worker starts without
 * first; the build's output (server/dist) is JavaScript and runs the worker's code itself.
 */
const workerEntry = new URL(
  import.meta.url.endsWith('.ts') ? './render.worker.js' : './render-worker.js',
  import.meta.url,
);

/** After a worker fails, how long renders are left to the caller before another worker is tried. */
const retryAfterMs = 60_000;

export class RenderThread {
  #running: Running | undefined;
  #failedAt = Number.NEGATIVE_INFINITY;
  #nextId = 0;

  /**
   * @param databaseUrl what the worker connects to: a database file or server, never `sqlite::memory:`.
   * @param minSolves games with at least this many solves (at their last rebuild) are rendered here, once it is ready.
   */
  constructor(
    private readonly databaseUrl: string,
    readonly minSolves = 10_000,
  ) {}

  /** Whether a worker is up, or starting. */
  get started(): boolean {
    return this.#running !== undefined;
  }

  /** Whether a worker is up and can render now. */
  get ready(): boolean {
    return this.#running?.ready ?? false;
  }

  /**
   * Starts the worker ahead once a game has half the solves that send its renders here: a start takes over a second
   * (a thread, its modules, a connection), and until the worker is ready its renders are done on the main thread.
   */
  prepareFor(solveCount: number): void {
    if (solveCount * 2 >= this.minSolves && !this.#running && !this.failedRecently()) this.spawn();
  }

  /** Rejects when the worker fails, or failed less than a minute ago. */
  render(gameId: number, now: number): Promise<Rendered | undefined> {
    if (!this.#running && this.failedRecently())
      return Promise.reject(new Error('The scoreboard worker failed recently'));
    const { worker, pending } = this.#running ?? this.spawn();
    const id = ++this.#nextId;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      // Held by the process only while a render is awaited.
      worker.ref();
      worker.postMessage({ id, gameId, now } satisfies RenderRequest);
    });
  }

  async close(): Promise<void> {
    const running = this.#running;
    this.#running = undefined;
    await running?.worker.terminate();
  }

  private failedRecently(): boolean {
    return performance.now() - this.#failedAt < retryAfterMs;
  }

  private spawn(): Running {
    const worker = new Worker(workerEntry, {
      workerData: { databaseUrl: this.databaseUrl },
    });
    // Until a render is awaited, a worker started ahead keeps no process alive.
    worker.unref();
    const running: Running = { worker, ready: false, pending: new Map() };
    const { pending } = running;
    worker.on('message', (reply: RenderReply) => {
      if ('ready' in reply) {
        running.ready = true;
        return;
      }
      const awaited = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) worker.unref();
      if ('error' in reply) awaited?.reject(new Error(reply.error));
      else awaited?.resolve(reply.rendered);
    });
    // A worker that fails fails its renders (the caller renders them itself); a minute on, a render starts another.
    const fail = (error: Error) => {
      if (this.#running === running) {
        this.#running = undefined;
        this.#failedAt = performance.now();
      }
      for (const awaited of pending.values()) awaited.reject(error);
      pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The scoreboard worker stopped (exit code ${code})`)));
    this.#running = running;
    return running;
  }
}
