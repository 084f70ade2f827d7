// First start (issue 6 item 9): a running "Pennon Demo" game, so a fresh platform has something to play.
// Built through the services, so the same rules as the admin pages apply.
import path from 'node:path';
import type { ChallengeCreateInput, FlagCreateModel } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { ContainerService } from '../containers/container-service.ts';
import { DockerProvider } from '../containers/docker-provider.ts';
import type { Database } from '../db/schema.ts';
import { ChallengeService } from '../games/challenges.ts';
import { GameFeed } from '../games/feed.ts';
import { GameKeys } from '../games/game-keys.ts';
import { GameService } from '../games/games.ts';
import { NoticeService } from '../games/notices.ts';
import { LocalBus } from '../live/bus.ts';
import { FileStore } from '../storage/file-store.ts';
import { LocalDiskBlobStore } from '../storage/local-disk.ts';
import { seedAdminName } from './admin-seed.ts';
import { PlatformSecrets } from './platform-secrets.ts';
import { PostService } from './posts.ts';
import { UserStore } from './users.ts';

export const demoGameTitle = 'Pennon Demo';
export const demoImage = 'localhost/pennon-busybox:latest';
/** Derived from {@link demoImage} at seed time: its command serves `$GZCTF_FLAG` with `nc`. */
export const demoServiceImage = 'localhost/pennon-demo-nc:latest';
const demoPort = 7000;
const crypticFlag = 'flag{b4se64_is_n0t_encrypt10n}';

/** The demo is made on the first start only (the admin was just created), unless PENNON_DEMO=off. */
export const wantsDemo = (adminCreated: boolean, env: NodeJS.ProcessEnv = process.env): boolean =>
  adminCreated && env.PENNON_DEMO?.trim().toLowerCase() !== 'off';

export interface DemoSeedOptions {
  db: Kysely<Database>;
  dataDir: string;
  /** The public address the announcement links to. */
  baseUrl: string;
  /** When the engine answers and has {@link demoImage}, a container challenge is added. */
  containers?: ContainerService;
  announce: (line: string) => void;
}

/** Creates the demo game; answers its id. */
export const seedDemo = async ({
  db,
  dataDir,
  baseUrl,
  containers,
  announce,
}: DemoSeedOptions): Promise<number> => {
  const files = new FileStore(db, new LocalDiskBlobStore(path.join(dataDir, 'uploads')));
  const challenges = new ChallengeService(db, files);
  const games = new GameService(db, new GameKeys(new PlatformSecrets(db)), files, challenges);
  const now = Date.now();
  const hour = 3_600_000;
  const game = await games.create({
    title: demoGameTitle,
    hidden: false,
    summary: 'A small game to try Pennon with: one challenge of each kind.',
    content: [
      '## Welcome to the Pennon demo',
      '',
      'Form a team, join this game, and solve the challenges. Flags look like `flag{...}`.',
      '',
      '- **Warm-up**: download the attachment.',
      '- **Base Camp**: decode the message in the description.',
      '- **Twin Keys**: each team gets one of two attachments.',
      '',
      'Delete this game from the admin pages when you no longer need it.',
    ].join('\n'),
    practiceMode: true,
    acceptWithoutReview: true,
    start: now - hour,
    end: now + 7 * 24 * hour,
  });
  const gameId = game.id;

  const stored = async (name: string, text: string): Promise<string> => {
    const file = await files.put(Buffer.from(text), name);
    if (!file) throw new Error(`demo file ${name} is empty`);
    return file.hash;
  };
  /** A Local attachment; the file's own reference is handed to the attachment. */
  const local = async (name: string, text: string) => {
    const fileHash = await stored(name, text);
    return { fileHash, release: () => files.release(fileHash) };
  };
  const challenge = async (
    title: string,
    type: ChallengeCreateInput['type'],
    category: ChallengeCreateInput['category'],
    setup: { content: string; flags?: FlagCreateModel[]; extra?: object },
  ) => {
    const { id } = await challenges.create(gameId, { title, type, category });
    if (setup.flags) await challenges.addFlags(gameId, id, setup.flags);
    await challenges.update(gameId, id, { content: setup.content, isEnabled: true, ...setup.extra });
    return id;
  };

  const warmup = await local(
    'warmup.txt',
    'Well done, you opened the attachment.\nflag{attachments_are_easy}\n',
  );
  const warmupId = await challenge('Warm-up', 'StaticAttachment', 'Misc', {
    content: 'Download the attachment and read it.',
    flags: [{ flag: 'flag{attachments_are_easy}' }],
  });
  await challenges.setAttachment(gameId, warmupId, { attachmentType: 'Local', fileHash: warmup.fileHash });
  await warmup.release();

  await challenge('Base Camp', 'StaticAttachment', 'Crypto', {
    content: [
      'Our scout left a message:',
      '',
      `\`${Buffer.from(crypticFlag).toString('base64')}\``,
      '',
      'It does not look encrypted at all.',
    ].join('\n'),
    flags: [{ flag: crypticFlag }],
  });

  const twins = [
    await local('key-left.txt', 'You got the left key: flag{left_key_opens_the_gate}\n'),
    await local('key-right.txt', 'You got the right key: flag{right_key_opens_the_gate}\n'),
  ];
  await challenge('Twin Keys', 'DynamicAttachment', 'Misc', {
    content: 'Every team gets one of two attachments; the flag is in yours.',
    flags: [
      { flag: 'flag{left_key_opens_the_gate}', attachmentType: 'Local', fileHash: twins[0]?.fileHash },
      { flag: 'flag{right_key_opens_the_gate}', attachmentType: 'Local', fileHash: twins[1]?.fileHash },
    ],
  });
  for (const twin of twins) await twin.release();

  if (containers && (await prepareServiceImage(containers))) {
    await challenge('Lighthouse', 'DynamicContainer', 'Misc', {
      content: 'Start your container and connect to it (for example with `nc`): it tells you your flag.',
      extra: {
        containerImage: demoServiceImage,
        exposePort: demoPort,
        flagTemplate: 'flag{[GUID]}',
        memoryLimit: 32,
        cpuCount: 1,
      },
    });
  }

  const admin = await new UserStore(db).byNameOrEmail(seedAdminName);
  if (admin) {
    await new PostService(db).create(admin.id, {
      title: 'Welcome to Pennon',
      summary: 'A demo game is running: join it to look around.',
      content: `The game **${demoGameTitle}** runs for a week. Create a team, join it, and try its challenges.`,
      isPinned: true,
    });
  }
  await new NoticeService(db, new GameFeed(db, new LocalBus())).create(
    gameId,
    'Welcome! Start with the Warm-up challenge.',
  );
  announce(`Demo game created: ${baseUrl.replace(/\/+$/, '')}/games/${gameId}`);
  return gameId;
};

/**
 * The image of the container challenge: {@link demoImage} with a command serving the flag, made by committing a
 * container created (never started) from it. False when the engine does not answer or lacks the image.
 */
const prepareServiceImage = async (containers: ContainerService): Promise<boolean> => {
  const provider = containers.provider;
  if (!(provider instanceof DockerProvider)) return false;
  try {
    await provider.docker.ping();
    await provider.docker.getImage(demoImage).inspect();
    const existing = await provider.docker
      .getImage(demoServiceImage)
      .inspect()
      .catch(() => undefined);
    if (existing) return true;
    const container = await provider.docker.createContainer({
      Image: demoImage,
      Cmd: ['sh', '-c', `while true; do echo "$GZCTF_FLAG" | nc -l -p ${demoPort}; done`],
      ExposedPorts: { [`${demoPort}/tcp`]: {} },
    });
    try {
      const [repo, tag] = demoServiceImage.split(/:(?=[^:]*$)/);
      await container.commit({ repo, tag });
    } finally {
      await container.remove({ force: true }).catch(() => undefined);
    }
    return true;
  } catch {
    return false;
  }
};
