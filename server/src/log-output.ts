// How the server's log reads: JSON lines for machines (a pipe, a file, a log collector), and for a person at a
// terminal short lines (time, level, message) with one line per request, not two objects of request details.
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

export type LogFormat = 'json' | 'pretty';

/** `PENNON_LOG_FORMAT`, else pretty when standard output is a terminal. */
export const chooseLogFormat = (setting: LogFormat | undefined, terminal: boolean): LogFormat =>
  setting ?? (terminal ? 'pretty' : 'json');

/** A request in one line when it completes: `GET /api/game 200 3 ms`. */
class RequestLines extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/** Fastify's logger and log controller for the format; the prettifier is loaded only where it is used. */
export const logOutput = async (
  level: string,
  format: LogFormat,
): Promise<Pick<FastifyServerOptions, 'logger' | 'logController'>> => {
  if (format === 'json') return { logger: { level } };
  const { default: pretty } = await import('pino-pretty');
  const stream = pretty({
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
    // Written at once, so the lines keep their order with the start's own console lines and survive an exit.
    sync: true,
  });
  return { logger: { level, stream }, logController: new RequestLines() };
};
