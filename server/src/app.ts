// Assembles the server from its plugins; nothing here listens, so tests can `inject` or listen on a free port.
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { accountApi } from './api/account.ts';
import { adjustmentsApi } from './api/adjustments.ts';
import { adminApi } from './api/admin.ts';
import { assetsApi } from './api/assets.ts';
import { avatarsApi } from './api/avatars.ts';
import { brandingApi } from './api/branding.ts';
import { captchaApi } from './api/captcha.ts';
import { containersApi } from './api/containers.ts';
import { correctionsApi } from './api/corrections.ts';
import { gamesApi } from './api/games.ts';
import { hintsApi } from './api/hints.ts';
import { infoApi } from './api/info.ts';
import { logsApi } from './api/logs.ts';
import { noticesApi } from './api/notices.ts';
import { postsApi } from './api/posts.ts';
import { registrationFieldsApi } from './api/registration-fields.ts';
import { scoreboardApi } from './api/scoreboard.ts';
import { registerSignIn } from './api/sign-in-setup.ts';
import { teamApi } from './api/team.ts';
import { tokensApi } from './api/tokens.ts';
import { userSheetsApi } from './api/user-sheets.ts';
import { webhooksApi } from './api/webhooks.ts';
import { writeupsApi } from './api/writeups.ts';
import { Captcha } from './captcha/captcha.ts';
import { setupContainers } from './containers/plugin.ts';
import { type Connection, inMemory } from './db/database.ts';
import { AdjustmentService } from './games/adjustments.ts';
import { GameCatalog } from './games/catalog.ts';
import { ChallengeService } from './games/challenges.ts';
import { ContainerInstances } from './games/container-instances.ts';
import { CorrectionService } from './games/corrections.ts';
import { DivisionService } from './games/divisions.ts';
import { GameFeed } from './games/feed.ts';
import { FreezeService } from './games/freeze.ts';
import { GameContainers } from './games/game-containers.ts';
import { GameKeys } from './games/game-keys.ts';
import { GameTransfer } from './games/game-transfer.ts';
import { GameService } from './games/games.ts';
import { HintService } from './games/hints.ts';
import { Judge } from './games/judge.ts';
import { JudgingCache } from './games/judging-cache.ts';
import { MonitorService } from './games/monitor.ts';
import { NoticeService } from './games/notices.ts';
import { ParticipationService } from './games/participation.ts';
import { PlayService } from './games/play.ts';
import { RecentVerdicts } from './games/recent-verdicts.ts';
import { ReleaseAnnouncer } from './games/release.ts';
import { RenderThread } from './games/render-thread.ts';
import { Scoreboards } from './games/scoreboard.ts';
import { SubmissionService } from './games/submissions.ts';
import { UnlockEvents } from './games/unlock-events.ts';
import { WriteupService } from './games/writeups.ts';
import { auditPlugin } from './http/audit.ts';
import { auth } from './http/auth.ts';
import { csrf } from './http/csrf.ts';
import { drainOnClose } from './http/drain.ts';
import { embedCors } from './http/embed-cors.ts';
import { clientErrorHandler, errors, frameworkErrors } from './http/errors.ts';
import { health } from './http/health.ts';
import { openapi } from './http/openapi.ts';
import { rateLimit } from './http/rate-limit.ts';
import { requestIdHeader, requestIdOptions } from './http/request-id.ts';
import { noSniff, webAppHeaders } from './http/security-headers.ts';
import { uploads } from './http/uploads.ts';
import { hasWebBuild, spaFallback, web } from './http/web.ts';
import { hasWidgetsBuild, widgets } from './http/widgets.ts';
import { registerHubs } from './live/hub-routes.ts';
import { openBus } from './live/open-bus.ts';
import { ScoreboardPush } from './live/scoreboard-push.ts';
import { createMailer } from './mail/mailer.ts';
import { metricsPlugin } from './metrics/http.ts';
import { Metrics } from './metrics/metrics.ts';
import { observePlatform } from './metrics/platform.ts';
import { clientAddress } from './raw-request/client-address.ts';
import { AccountMails } from './services/account-mails.ts';
import { AccountTokens } from './services/account-tokens.ts';
import { AccountService } from './services/accounts.ts';
import { ApiTokenService } from './services/api-tokens.ts';
import { AuditLog } from './services/audit-log.ts';
import { AvatarService } from './services/avatars.ts';
import { BrandingService } from './services/branding.ts';
import { ConfigStore } from './services/config-store.ts';
import { PlatformSecrets } from './services/platform-secrets.ts';
import { PostService } from './services/posts.ts';
import { RegistrationFieldService } from './services/registration-fields.ts';
import { SessionStore } from './services/sessions.ts';
import { TeamService } from './services/teams.ts';
import { UserAdminService } from './services/user-admin.ts';
import { UserImportService } from './services/user-import.ts';
import { UserStore } from './services/users.ts';
import type { Settings } from './settings.ts';
import { FileStore } from './storage/file-store.ts';
import { LocalDiskBlobStore } from './storage/local-disk.ts';
import { version } from './version.ts';
import { WebhookDispatcher } from './webhooks/dispatcher.ts';
import { WebhookEndpoints } from './webhooks/endpoints.ts';
import { WebhookQueue } from './webhooks/queue.ts';

export interface AppOptions {
  settings: Settings;
  connection: Connection;
  logger?: FastifyServerOptions['logger'];
  logController?: FastifyServerOptions['logController'];
}

export const buildApp = async ({
  settings,
  connection,
  logger = false,
  logController,
}: AppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger,
    logController,
    // GZ::CTF matches routes case-insensitively; parameter values keep their case.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: settings.trustProxy,
    ...requestIdOptions(settings.requestIdHeader),
    // Refusals before any route (an undecodable URL, a request Node cannot parse) leave as the envelope too.
    frameworkErrors,
    clientErrorHandler,
  });
  // onClose hooks run last-registered first: registered first, the database goes after all that uses it (the
  // judge's drain of its queue, the live bus).
  app.addHook('onClose', async () => connection.db.destroy());
  const { bus, redis, close: closeBus } = await openBus(settings, connection, app.log);
  app.addHook('onClose', closeBus);
  app.decorate('bus', bus);
  const config = new ConfigStore(connection.db, settings.portMapping, app.bus);
  app.decorate('payloadKey', () => config.encryptionKey());
  const sessions = new SessionStore(connection.db, Date.now, app.log, app.bus);
  app.addHook('onClose', async () => sessions.flushed());
  const secrets = new PlatformSecrets(connection.db);
  const apiTokens = new ApiTokenService(connection.db, secrets, Date.now, app.bus);
  const auditLog = new AuditLog(connection.db, Date.now, app.bus);
  const captcha = new Captcha(connection.db, config, settings.captcha, app.log);
  const mailer = createMailer({
    smtpUrl: settings.smtpUrl,
    from: settings.mailFrom,
    dataDir: settings.dataDir,
    log: app.log,
  });
  const mails = new AccountMails(new AccountTokens(secrets), mailer, settings.publicUrl);
  const users = new UserStore(connection.db);
  const fields = new RegistrationFieldService(connection.db, config);
  const accounts = new AccountService(users, config, sessions, captcha, mails, fields);
  const teams = new TeamService(connection.db, fields);
  const files = new FileStore(connection.db, new LocalDiskBlobStore(path.join(settings.dataDir, 'uploads')));
  const webhooks = new WebhookQueue(connection.db);

  const metrics = new Metrics();
  await app.register(metricsPlugin, { metrics, ...settings.metrics });
  await app.register(requestIdHeader);
  await app.register(drainOnClose);
  await app.register(errors, {
    webFallback: spaFallback(settings.webDir, webAppHeaders(settings.captcha.provider)),
  });
  await app.register(noSniff);
  await app.register(openapi, { version });
  await app.register(health, { db: connection.db, dataDir: settings.dataDir });
  await app.register(embedCors, { origins: settings.embedOrigins });
  await app.register(auditPlugin, { log: auditLog });
  await app.register(csrf, { publicUrl: settings.publicUrl });
  await app.register(auth, { sessions, apiTokens, publicUrl: settings.publicUrl });
  const hubs = registerHubs(app, {
    db: connection.db,
    sessions,
    apiTokens,
    clientAddress: (request) => clientAddress(request, settings.trustProxy),
    admit: async (address) => (await app.admitUnrouted?.(address)) ?? null,
    limits: settings.hubLimits,
    publicUrl: settings.publicUrl,
    embedOrigins: settings.embedOrigins,
    trustProxy: settings.trustProxy,
  });
  if (settings.rateLimit) await app.register(rateLimit, { exempt: settings.rateLimitExempt, redis });
  await app.register(uploads, { scratchDir: path.join(settings.dataDir, 'scratch') });
  await app.register(infoApi, { config, accounts });
  await app.register(captchaApi, { captcha });
  const signIn = await registerSignIn(app, {
    db: connection.db,
    settings,
    config,
    secrets,
    users,
    accounts,
    sessions,
    fields,
  });
  await app.register(accountApi, { accounts, sessions, signIn });
  await app.register(teamApi, { teams });
  await app.register(tokensApi, { apiTokens });
  await app.register(logsApi, { log: auditLog });
  await app.register(adminApi, {
    config,
    accounts,
    teams,
    users: new UserAdminService(connection.db, sessions, fields),
  });
  await app.register(webhooksApi, { endpoints: new WebhookEndpoints(connection.db, webhooks) });
  await app.register(userSheetsApi, {
    imports: new UserImportService(connection.db, sessions, fields),
    fields,
  });
  await app.register(registrationFieldsApi, { fields });
  await app.register(assetsApi, { files });
  await app.register(avatarsApi, { avatars: new AvatarService(connection.db, files) });
  await app.register(brandingApi, { branding: new BrandingService(config, files) });
  await app.register(postsApi, { posts: new PostService(connection.db) });
  const gameKeys = new GameKeys(secrets);
  const feed = new GameFeed(connection.db, app.bus);
  const challenges = new ChallengeService(connection.db, files, feed, app.bus);
  const divisions = new DivisionService(connection.db, app.bus);
  // A database another thread can open too (not one in this process's memory) lets big games render off this one.
  const renderThread = inMemory(settings.databaseUrl) ? undefined : new RenderThread(settings.databaseUrl);
  app.addHook('onClose', async () => renderThread?.close());
  const scoreboards = new Scoreboards(connection.db, { thread: renderThread });
  const scoreboardPush = new ScoreboardPush({ scoreboards, bus: app.bus, hubs });
  app.addHook('preClose', async () => scoreboardPush.close());
  const games = new GameService(connection.db, gameKeys, files, challenges);
  await app.register(gamesApi, {
    games,
    transfer: new GameTransfer(connection.db, files, gameKeys),
    divisions,
    challenges,
    catalog: new GameCatalog(connection.db),
    participations: new ParticipationService(connection.db, gameKeys, webhooks),
    play: new PlayService(connection.db, files, divisions, scoreboards),
    scoreboards,
  });
  const releases = new ReleaseAnnouncer(
    connection.db,
    feed,
    scoreboards,
    (error) => app.log.error(error, 'Announcing released challenges failed'),
    Date.now,
    webhooks,
  );
  app.addHook('onReady', async () => releases.start());
  app.addHook('preClose', async () => releases.stop());
  const judging = new JudgingCache(connection.db, app.bus, divisions);
  const judge = new Judge(connection.db, feed, app.bus, scoreboards, judging, app.log, auditLog, webhooks);
  const unlocks = new UnlockEvents(connection.db, judging, feed);
  judge.onAccepted((accepted) => {
    unlocks
      .after(accepted)
      .catch((error) => app.log.error(error, 'Telling monitors of opened challenges failed'));
  });
  await app.register(scoreboardApi, {
    scoreboards,
    submissions: new SubmissionService(connection.db, judging, judge, new RecentVerdicts(app.bus), app.bus),
    monitor: new MonitorService(connection.db),
    fields,
    freeze: new FreezeService(connection.db, scoreboards),
  });
  observePlatform(metrics, { db: connection.db, pool: connection.pool, judge, scoreboards, hubs });
  app.addHook('onReady', async () => judge.resume());
  // Judges every queued submission before the database goes: the HTTP server has closed by then (Fastify's own
  // onClose, registered last, runs first), so no request can queue another.
  app.addHook('onClose', async () => judge.idle());
  await app.register(writeupsApi, { writeups: new WriteupService(connection.db, files, webhooks) });
  await app.register(adjustmentsApi, { adjustments: new AdjustmentService(connection.db, scoreboards) });
  await app.register(correctionsApi, {
    corrections: new CorrectionService(connection.db, feed, app.bus, scoreboards),
  });
  await app.register(hintsApi, { hints: new HintService(connection.db, divisions, scoreboards, feed) });
  await app.register(noticesApi, {
    notices: new NoticeService(connection.db, new GameFeed(connection.db, app.bus), webhooks),
  });
  const containers = setupContainers(app, { settings, db: connection.db, config });
  const gameContainers = new GameContainers(
    connection.db,
    containers,
    config,
    divisions,
    new GameFeed(connection.db, app.bus),
    webhooks,
  );
  challenges.onDisable((challengeId, deleted) => gameContainers.destroyForChallenge(challengeId, deleted));
  // After its containers went: a deleted challenge (or game) leaves no capture folder behind.
  challenges.onDisable(async (challengeId, deleted) => {
    if (deleted) await app.captures.removeChallenge(challengeId);
  });
  await app.register(containersApi, {
    db: connection.db,
    gameContainers,
    instances: new ContainerInstances(connection.db, containers),
    captures: app.captures,
  });
  // Deliveries go out from the background, never from a request: a slow endpoint holds up nothing else.
  const dispatcher = new WebhookDispatcher(connection.db, webhooks, {
    outbound: { ...settings.webhooks, maxResponseBytes: 64 * 1024 },
    pollMs: 1_000,
    keep: settings.webhooks.keep,
    log: app.log,
  });
  if (settings.webhooks.worker) app.addHook('onReady', async () => dispatcher.start());
  app.addHook('onClose', async () => dispatcher.stop());
  if (hasWidgetsBuild(settings.widgetsDir)) await app.register(widgets, { widgetsDir: settings.widgetsDir });
  if (hasWebBuild(settings.webDir)) await app.register(web, { webDir: settings.webDir });

  return app;
};
