// `audit(request, level, msg)`: records a key action in the admin log with who did it and from where.
// A failure to write the log is reported to the process log and never fails the request it describes.
import type { LogLevel, TaskStatus } from '@pennon/sdk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditLog } from '../services/audit-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auditLog: AuditLog;
  }
}

export interface AuditExtra {
  /** The acting user's name when the request has no caller yet (sign-in, sign-up). */
  name?: string;
  status?: TaskStatus;
}

export const audit = async (
  request: FastifyRequest,
  level: LogLevel,
  msg: string,
  extra: AuditExtra = {},
): Promise<void> => {
  const name = extra.name ?? request.caller?.userName ?? null;
  request.log.info({ audit: level, user: name }, msg);
  try {
    await request.server.auditLog.write({ level, msg, name, ip: request.ip, status: extra.status });
  } catch (err) {
    request.log.error({ err }, 'could not write the admin log');
  }
};

export const auditPlugin = fp<{ log: AuditLog }>(async (app: FastifyInstance, { log }) => {
  app.decorate('auditLog', log);
});
