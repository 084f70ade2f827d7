// Renders scoreboards on request of render-thread.ts, through a connection of its own.
import { parentPort, workerData } from 'node:worker_threads';
import { connect } from '../db/database.ts';
import type { RenderReply, RenderRequest } from './render-thread.ts';
import { renderScoreboard } from './scoreboard-render.ts';

const port = parentPort as NonNullable<typeof parentPort>;
const { db } = connect((workerData as { databaseUrl: string }).databaseUrl, { reader: true });

port.on('message', async ({ id, gameId, now }: RenderRequest) => {
  try {
    const rendered = await renderScoreboard(db, gameId, now);
    const reply: RenderReply = { id, rendered };
    const boards = rendered ? [rendered, ...(rendered.frozen ? [rendered.frozen] : [])] : [];
    port.postMessage(
      reply,
      boards.flatMap((b) => [b.body.buffer, b.spans.buffer]),
    );
  } catch (error) {
    port.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies RenderReply);
  }
});
port.postMessage({ ready: true } satisfies RenderReply);
