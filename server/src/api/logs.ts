// §2.2 GET /api/admin/logs: the admin log, newest first.
import { routes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { mount } from '../http/mount.ts';
import type { AuditLog } from '../services/audit-log.ts';

export const logsApi = async (app: FastifyInstance, { log }: { log: AuditLog }) => {
  // Defaults are applied by the contract schema; they are restated only for the types.
  mount(app, routes.admin.logs, async (request) => {
    const { level = 'All', count = 50, skip = 0 } = request.query;
    return log.list(level, count, skip);
  });
};
