// Who may call each endpoint of issue 5 (§2.1–2.4, §2.5 posts, §2.7, §2.9), through the SDK over HTTP: every
// caller of the table either succeeds with valid inputs or is refused with 401 (anonymous) / 403 (role too low,
// Banned included). The endpoints come from the contract, so a new one in these groups needs a case here.
import type { PennonClient } from '@pennon/sdk';
import { type AccountPolicy, type Auth, routes } from '@pennon/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.ts';
import { lastMail, linkBody } from '../support/outbox.ts';
import {
  type Account,
  adminPassword,
  failure,
  issue5Endpoints,
  pngBytes,
  type SdkServer,
  signedTeamToken,
  startSdkServer,
  userPassword,
} from '../support/sdk.ts';

type CallerName = 'anonymous' | 'user' | 'monitor' | 'banned' | 'admin';
const callerNames: CallerName[] = ['anonymous', 'user', 'monitor', 'banned', 'admin'];

interface Who {
  name: CallerName;
  client: PennonClient;
  account: Account | null;
}

interface Case {
  /** Who may call, per gzctf-api §2 (checked against the contract too). */
  auth: Auth;
  /** An allowed caller gets a session of its own for this call (the call signs in, out, or changes it). */
  fresh?: boolean;
  /** The call; `allowed` callers get valid inputs and fixtures they own, the others any well-formed input. */
  run: (who: Who, allowed: boolean) => Promise<unknown>;
}

const rank: Record<Exclude<CallerName, 'anonymous'>, number> = { banned: 0, user: 1, monitor: 2, admin: 3 };
const needed: Record<Auth, number> = { anonymous: -1, user: 1, monitor: 2, admin: 3 };
/** The answer a caller gets: 'ok', or the refusal's status. */
const expected = (auth: Auth, caller: CallerName): 'ok' | 401 | 403 => {
  if (auth === 'anonymous') return 'ok';
  if (caller === 'anonymous') return 401;
  return rank[caller] >= needed[auth] ? 'ok' : 403;
};

const nobody = '00000000-0000-4000-8000-000000000000';
const noHash = '0'.repeat(64);

describe.each(databaseKinds())('access to the issue-5 endpoints through the SDK on $name', (kind) => {
  let s: SdkServer;
  let admin: PennonClient;
  let adminAccount: Account;
  let user: Account;
  let host: Account;
  let joiner: Account;
  let victim: Account;
  let hostTeamA: number;
  let hostTeamB: number;
  let inviteA: string;
  let inviteB: string;
  let postId: string;
  let assetHash: string;
  let png: Uint8Array;
  const shared = {} as Record<CallerName, Who>;

  let counter = 0;
  const unique = (prefix: string) => `${prefix}${++counter}`;

  const setPolicy = async (change: Partial<AccountPolicy>) => {
    const { accountPolicy } = await admin.admin.config();
    await admin.admin.updateConfig({ accountPolicy: { ...(accountPolicy as AccountPolicy), ...change } });
  };

  const roles = { user: 'User', monitor: 'Monitor', admin: 'Admin', banned: 'Banned' } as const;
  const freshCaller = async (name: CallerName): Promise<Who> => {
    if (name === 'anonymous') return { name, client: s.anonymous(), account: null };
    const account = await s.signUp(unique(`f${name.slice(0, 2)}`));
    if (name !== 'user') await admin.admin.updateUser(account.id, { role: roles[name] });
    return { name, client: account.client, account };
  };

  /** Per caller, a team it captains (made on first use). */
  const ownTeams = new Map<CallerName, Promise<number>>();
  const ownTeam = (who: Who): Promise<number> => {
    let team = ownTeams.get(who.name);
    if (!team) {
      team = who.client.team.create({ name: unique('own') }).then((created) => created.id);
      ownTeams.set(who.name, team);
    }
    return team;
  };
  const me = (who: Who): Account => {
    if (!who.account) throw new Error(`${who.name} has no account`);
    return who.account;
  };

  beforeAll(async () => {
    s = await startSdkServer(kind, { PENNON_CAPTCHA_PROVIDER: 'HashPow' });
    admin = await s.admin();
    const adminProfile = await admin.account.profile();
    adminAccount = {
      client: admin,
      id: adminProfile.userId,
      name: 'admin',
      email: adminProfile.email ?? '',
      password: adminPassword,
    };
    // Mail confirms e-mail changes and password resets, while sign-ups stay active at once.
    await setPolicy({ activeOnRegister: true, emailConfirmationRequired: true });
    user = await s.signUp('user1');
    host = await s.signUp('host1');
    joiner = await s.signUp('joiner1');
    victim = await s.signUp('victim1');
    shared.anonymous = { name: 'anonymous', client: s.anonymous(), account: null };
    shared.user = { name: 'user', client: user.client, account: user };
    const monitor = await s.monitor();
    shared.monitor = { name: 'monitor', client: monitor.client, account: monitor };
    const banned = await s.banned();
    shared.banned = { name: 'banned', client: banned.client, account: banned };
    shared.admin = { name: 'admin', client: admin, account: adminAccount };

    hostTeamA = (await host.client.team.create({ name: 'HostA', bio: 'open' })).id;
    hostTeamB = (await host.client.team.create({ name: 'HostB' })).id;
    inviteA = await host.client.team.invite(hostTeamA);
    inviteB = await host.client.team.invite(hostTeamB);
    postId = await admin.edit.createPost({ title: 'Hello', summary: 'hi', content: 'Welcome' });
    png = await pngBytes();
    const [stored] = await admin.assets.upload(new File(['fixture'], 'fixture.txt'));
    assetHash = stored?.hash ?? '';
  });
  afterAll(async () => s?.close());

  const cases: Record<string, Case> = {
    // ---- §2.1 Account ----
    'account.register': {
      auth: 'anonymous',
      fresh: true,
      run: async (who) => {
        const name = unique('reg');
        const res = await who.client.account.register({
          userName: name,
          email: `${name}@example.com`,
          password: userPassword,
        });
        expect(res.data).toBe('LoggedIn');
      },
    },
    'account.recover': {
      auth: 'anonymous',
      run: (who) => who.client.account.recover({ email: host.email }),
    },
    'account.resetPassword': {
      auth: 'anonymous',
      run: async (who) => {
        await s.anonymous().account.recover({ email: victim.email });
        const { token, email } = linkBody(lastMail(s.dataDir, victim.email).link);
        await who.client.account.resetPassword({ password: unique('Reset1234x'), email, rToken: token });
      },
    },
    'account.verify': {
      auth: 'anonymous',
      fresh: true,
      run: async (who) => {
        const name = unique('ver');
        await setPolicy({ activeOnRegister: false });
        try {
          const res = await s.anonymous().account.register({
            userName: name,
            email: `${name}@example.com`,
            password: userPassword,
          });
          expect(res.data).toBe('EmailConfirmationRequired');
        } finally {
          await setPolicy({ activeOnRegister: true });
        }
        await who.client.account.verify(linkBody(lastMail(s.dataDir, `${name}@example.com`).link));
        expect((await who.client.account.profile()).userName).toBe(name);
      },
    },
    'account.login': {
      auth: 'anonymous',
      fresh: true,
      run: async (who) => {
        await who.client.account.login({ userName: host.name, password: host.password });
        expect((await who.client.account.profile()).userName).toBe(host.name);
      },
    },
    'account.logout': {
      auth: 'user',
      fresh: true,
      run: async (who, allowed) => {
        await who.client.account.logout();
        if (allowed) expect((await failure(who.client.account.profile())).status).toBe(401);
      },
    },
    'account.updateProfile': {
      auth: 'user',
      run: (who) => who.client.account.updateProfile({ bio: `I am ${who.name}` }),
    },
    'account.changePassword': {
      auth: 'user',
      fresh: true,
      run: (who, allowed) =>
        who.client.account.changePassword({
          old: allowed ? me(who).password : userPassword,
          new: 'Changed1234',
        }),
    },
    'account.changeEmail': {
      auth: 'user',
      run: async (who) => {
        const res = await who.client.account.changeEmail({ newMail: `${who.name}-new@example.com` });
        expect(res.data).toBe(true);
      },
    },
    'account.confirmEmailChange': {
      auth: 'user',
      run: async (who, allowed) => {
        if (!allowed) {
          return who.client.account.confirmEmailChange({ token: 'dG9rZW4=', email: 'eEBleGFtcGxlLmNvbQ==' });
        }
        const newMail = `${me(who).name}-moved@example.com`;
        await who.client.account.changeEmail({ newMail });
        await who.client.account.confirmEmailChange(linkBody(lastMail(s.dataDir, newMail).link));
        expect((await who.client.account.profile()).email).toBe(newMail);
      },
    },
    'account.profile': {
      auth: 'user',
      run: async (who, allowed) => {
        const profile = await who.client.account.profile();
        if (allowed) expect(profile.userId).toBe(me(who).id);
      },
    },
    'account.updateAvatar': {
      auth: 'user',
      run: async (who) => expect(await who.client.account.updateAvatar(png)).toMatch(/^\/assets\//),
    },

    // ---- §2.2 Admin ----
    'admin.config': { auth: 'admin', run: (who) => who.client.admin.config() },
    'admin.updateConfig': {
      auth: 'admin',
      run: async (who, allowed) =>
        who.client.admin.updateConfig(
          allowed ? { globalConfig: (await admin.admin.config()).globalConfig } : {},
        ),
    },
    'admin.uploadLogo': { auth: 'admin', run: (who) => who.client.admin.uploadLogo(png) },
    'admin.deleteLogo': { auth: 'admin', run: (who) => who.client.admin.deleteLogo() },
    'admin.users': {
      auth: 'admin',
      run: async (who) => expect((await who.client.admin.users({ count: 100 })).total).toBeGreaterThan(3),
    },
    'admin.createUsers': {
      auth: 'admin',
      run: (who) => {
        const name = unique('imp');
        return who.client.admin.createUsers([
          { userName: name, email: `${name}@example.com`, password: 'Import123' },
        ]);
      },
    },
    'admin.searchUsers': {
      auth: 'admin',
      run: async (who) =>
        expect((await who.client.admin.searchUsers('host')).data.map((u) => u.userName)).toContain('host1'),
    },
    'admin.user': {
      auth: 'admin',
      run: async (who) => expect((await who.client.admin.user(user.id)).userName).toBe('user1'),
    },
    'admin.updateUser': {
      auth: 'admin',
      run: (who) => who.client.admin.updateUser(joiner.id, { realName: 'Jo Iner' }),
    },
    'admin.resetPassword': {
      auth: 'admin',
      run: async (who) => expect(await who.client.admin.resetPassword(victim.id)).toEqual(expect.any(String)),
    },
    'admin.deleteUser': {
      auth: 'admin',
      run: async (who, allowed) =>
        who.client.admin.deleteUser(allowed ? (await s.signUp(unique('del'))).id : nobody),
    },
    'admin.teams': {
      auth: 'admin',
      run: async (who) => expect((await who.client.admin.teams()).total).toBeGreaterThanOrEqual(2),
    },
    'admin.searchTeams': {
      auth: 'admin',
      run: async (who) =>
        expect((await who.client.admin.searchTeams('HostA')).data.map((t) => t.id)).toContain(hostTeamA),
    },
    'admin.updateTeam': {
      auth: 'admin',
      run: (who) => who.client.admin.updateTeam(hostTeamA, { bio: 'edited by an admin' }),
    },
    'admin.deleteTeam': {
      auth: 'admin',
      run: async (who, allowed) => {
        if (!allowed) return who.client.admin.deleteTeam(hostTeamA);
        const name = unique('doom');
        await admin.admin.createUsers([
          { userName: name, email: `${name}@example.com`, password: 'Import123', teamName: name },
        ]);
        const [team] = (await admin.admin.searchTeams(name)).data;
        await who.client.admin.deleteTeam(team?.id ?? 0);
      },
    },
    'admin.logs': {
      auth: 'admin',
      run: async (who) => expect((await who.client.admin.logs({ count: 5 })).length).toBeGreaterThan(0),
    },
    'admin.files': {
      auth: 'admin',
      run: async (who) =>
        expect((await who.client.admin.files({ count: 100 })).data.map((f) => f.hash)).toContain(assetHash),
    },

    // ---- §2.3 Tokens ----
    'tokens.create': {
      auth: 'admin',
      run: async (who) => expect((await who.client.tokens.create({ name: 'bot' })).token).toContain('.'),
    },
    'tokens.list': { auth: 'admin', run: (who) => who.client.tokens.list() },
    'tokens.restore': {
      auth: 'admin',
      run: async (who, allowed) => {
        if (!allowed) return who.client.tokens.restore(nobody);
        const { info } = await admin.tokens.create({ name: 'restorable' });
        await admin.tokens.revoke(info.id);
        await who.client.tokens.restore(info.id);
      },
    },
    'tokens.revoke': {
      auth: 'admin',
      run: async (who, allowed) =>
        who.client.tokens.revoke(
          allowed ? (await admin.tokens.create({ name: 'revocable' })).info.id : nobody,
        ),
    },

    // ---- §2.4 Assets ----
    'assets.download': {
      auth: 'anonymous',
      run: async (who) => {
        const { data, fileName } = await who.client.assets.download(assetHash, 'fixture.txt');
        expect(await data.text()).toBe('fixture');
        expect(fileName).toBe('fixture.txt');
      },
    },
    'assets.upload': {
      auth: 'admin',
      run: (who) => who.client.assets.upload(new File([`by ${who.name}`], 'up.txt')),
    },
    'assets.delete': {
      auth: 'admin',
      run: async (who, allowed) => {
        if (!allowed) return who.client.assets.delete(noHash);
        const [file] = await admin.assets.upload(new File(['to delete'], 'del.txt'));
        await who.client.assets.delete(file?.hash ?? noHash);
      },
    },

    // ---- §2.5 Posts (edit) ----
    'edit.createPost': {
      auth: 'admin',
      run: (who) => who.client.edit.createPost({ title: 'New', summary: 'news', content: 'body' }),
    },
    'edit.updatePost': {
      auth: 'admin',
      run: async (who) =>
        expect((await who.client.edit.updatePost(postId, { isPinned: true })).isPinned).toBe(true),
    },
    'edit.deletePost': {
      auth: 'admin',
      run: async (who, allowed) =>
        who.client.edit.deletePost(allowed ? await admin.edit.createPost({ title: 'Gone' }) : postId),
    },

    // ---- §2.7 Info ----
    'info.config': { auth: 'anonymous', run: (who) => who.client.info.config() },
    'info.captcha': {
      auth: 'anonymous',
      run: async (who) => expect((await who.client.info.captcha()).type).toBe('None'),
    },
    'info.powChallenge': {
      auth: 'anonymous',
      run: async (who) => expect((await who.client.info.powChallenge()).difficulty).toBeGreaterThan(0),
    },
    'info.posts': {
      auth: 'anonymous',
      run: async (who) => expect((await who.client.info.posts()).map((p) => p.id)).toContain(postId),
    },
    'info.latestPosts': {
      auth: 'anonymous',
      run: async (who) => expect((await who.client.info.latestPosts()).map((p) => p.id)).toContain(postId),
    },
    'info.post': {
      auth: 'anonymous',
      run: async (who) => expect((await who.client.info.post(postId)).content).toBe('Welcome'),
    },

    // ---- §2.9 Team ----
    'team.get': {
      auth: 'anonymous',
      run: async (who) => expect((await who.client.team.get(hostTeamA)).name).toBe('HostA'),
    },
    'team.list': { auth: 'user', run: (who) => who.client.team.list() },
    'team.create': {
      auth: 'user',
      run: async (who) => {
        const team = await who.client.team.create({ name: unique('made') });
        await who.client.team.delete(team.id);
      },
    },
    'team.update': {
      auth: 'user',
      run: async (who, allowed) =>
        who.client.team.update(allowed ? await ownTeam(who) : hostTeamA, { bio: `${who.name}'s` }),
    },
    'team.transfer': {
      auth: 'user',
      run: async (who, allowed) => {
        if (!allowed) return who.client.team.transfer(hostTeamA, { newCaptainId: joiner.id });
        const id = (await who.client.team.create({ name: unique('xfer') })).id;
        const mate = await s.signUp(unique('mate'));
        await mate.client.team.accept(await who.client.team.invite(id));
        const team = await who.client.team.transfer(id, { newCaptainId: mate.id });
        expect(team.members?.find((m) => m.captain)?.id).toBe(mate.id);
      },
    },
    'team.invite': {
      auth: 'user',
      run: async (who, allowed) => who.client.team.invite(allowed ? await ownTeam(who) : hostTeamA),
    },
    'team.refreshInvite': {
      auth: 'user',
      run: async (who, allowed) => who.client.team.refreshInvite(allowed ? await ownTeam(who) : hostTeamA),
    },
    'team.kick': {
      auth: 'user',
      run: async (who, allowed) => {
        if (!allowed) return who.client.team.kick(hostTeamA, joiner.id);
        const id = await ownTeam(who);
        await joiner.client.team.accept(await who.client.team.invite(id));
        const team = await who.client.team.kick(id, joiner.id);
        expect((team.members ?? []).map((m) => m.id)).not.toContain(joiner.id);
      },
    },
    'team.accept': { auth: 'user', run: (who) => who.client.team.accept(inviteA) },
    'team.leave': {
      auth: 'user',
      run: async (who, allowed) => {
        if (allowed) await who.client.team.accept(inviteB);
        await who.client.team.leave(hostTeamB);
      },
    },
    'team.updateAvatar': {
      auth: 'user',
      run: async (who, allowed) =>
        who.client.team.updateAvatar(allowed ? await ownTeam(who) : hostTeamA, png),
    },
    'team.delete': {
      auth: 'user',
      run: async (who, allowed) =>
        who.client.team.delete(
          allowed ? (await who.client.team.create({ name: unique('del') })).id : hostTeamA,
        ),
    },
    'team.verify': { auth: 'anonymous', run: (who) => who.client.team.verify(signedTeamToken(hostTeamA)) },
  };

  it('has a case for every issue-5 endpoint of the contract, with the contract’s auth', () => {
    expect(Object.keys(cases).sort()).toEqual(issue5Endpoints().sort());
    for (const [name, { auth }] of Object.entries(cases)) {
      const [group, key] = name.split('.') as [keyof typeof routes, string];
      expect((routes[group] as Record<string, { auth: Auth }>)[key]?.auth, name).toBe(auth);
    }
  });

  describe.each(Object.entries(cases))('%s', (_name, { auth, fresh, run }) => {
    it.each(callerNames)('as %s', async (callerName) => {
      const outcome = expected(auth, callerName);
      const who = outcome === 'ok' && fresh ? await freshCaller(callerName) : shared[callerName];
      if (outcome === 'ok') {
        try {
          await run(who, true);
        } catch (err) {
          const e = err as { status?: number; title?: string };
          throw new Error(`expected success, got ${e.status ?? '?'} ${e.title ?? String(err)}`, {
            cause: err,
          });
        }
        return;
      }
      const error = await failure(run(who, false));
      expect(error.kind).toBe('bad-request');
      expect(error.status, error.title).toBe(outcome);
      expect(error.code).toBe(outcome);
      expect(error.title).toMatch(/\S/);
    });
  });
});
