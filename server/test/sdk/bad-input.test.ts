// A bad input for every issue-5 endpoint, through the SDK over HTTP: each is refused with a `bad-request`
// PennonError carrying the §1.5 envelope (a human `title`, and the body `status` equal to the HTTP one).
// Endpoints that take no input at all (no params, query, body or file) are listed as such, checked against
// the contract's schemas.
import type { PennonClient } from '@pennon/sdk';
import { routes, schemas } from '@pennon/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.ts';
import {
  type Account,
  failure,
  issue5Endpoints,
  pngBytes,
  type SdkServer,
  signedTeamToken,
  startSdkServer,
} from '../support/sdk.ts';

interface BadInput {
  /** What is wrong with the input. */
  why: string;
  status: number;
  call: () => Promise<unknown>;
}
/** Marks an endpoint that takes no input. */
const noInput = 'no input' as const;

const b64 = (value: string) => Buffer.from(value).toString('base64');
const notAnImage = new TextEncoder().encode('this is not an image');
const missing = undefined as never;

describe.each(databaseKinds())('bad inputs through the SDK on $name', (kind) => {
  let s: SdkServer;
  let admin: PennonClient;
  let user: Account;
  let other: Account;
  let teamId: number;
  beforeAll(async () => {
    s = await startSdkServer(kind);
    admin = await s.admin();
    user = await s.signUp('baduser');
    other = await s.signUp('bystander');
    teamId = (await user.client.team.create({ name: 'Badlands' })).id;
  });
  afterAll(async () => s?.close());

  const cases: Record<string, BadInput | typeof noInput> = {
    // ---- §2.1 Account ----
    'account.register': {
      why: 'weak password',
      status: 400,
      call: () =>
        s.anonymous().account.register({ userName: 'weakling', email: 'weak@example.com', password: 'abc' }),
    },
    'account.recover': {
      why: 'not an e-mail address',
      status: 400,
      call: () => s.anonymous().account.recover({ email: 'not-an-email' }),
    },
    'account.resetPassword': {
      why: 'unknown account',
      status: 400,
      call: () =>
        s
          .anonymous()
          .account.resetPassword({ password: 'Fresh12345', email: b64('nobody@example.com'), rToken: 'x' }),
    },
    'account.verify': {
      why: 'unknown account',
      status: 400,
      call: () => s.anonymous().account.verify({ token: b64('t'), email: b64('nobody@example.com') }),
    },
    'account.login': {
      why: 'empty user name',
      status: 400,
      call: () => s.anonymous().account.login({ userName: '', password: 'whatever' }),
    },
    'account.logout': noInput,
    'account.updateProfile': {
      why: 'user name too short',
      status: 400,
      call: () => user.client.account.updateProfile({ userName: 'ab' }),
    },
    'account.changePassword': {
      why: 'wrong current password',
      status: 400,
      call: () => user.client.account.changePassword({ old: 'Wrong12345', new: 'Newer12345' }),
    },
    'account.changeEmail': {
      why: 'not an e-mail address',
      status: 400,
      call: () => user.client.account.changeEmail({ newMail: 'nowhere' }),
    },
    'account.confirmEmailChange': {
      why: 'forged link',
      status: 400,
      call: () =>
        user.client.account.confirmEmailChange({ token: b64('forged'), email: b64('x@example.com') }),
    },
    'account.profile': noInput,
    'account.updateAvatar': {
      why: 'not an image',
      status: 400,
      call: () => user.client.account.updateAvatar(notAnImage),
    },

    // ---- §2.2 Admin ----
    'admin.config': noInput,
    'admin.updateConfig': {
      why: 'renewal window out of range',
      status: 400,
      call: async () => {
        const { containerPolicy } = await admin.admin.config();
        return admin.admin.updateConfig({
          containerPolicy: { ...containerPolicy, renewalWindow: 361 } as never,
        });
      },
    },
    'admin.uploadLogo': { why: 'not an image', status: 400, call: () => admin.admin.uploadLogo(notAnImage) },
    'admin.deleteLogo': noInput,
    'admin.users': { why: 'negative count', status: 400, call: () => admin.admin.users({ count: -1 }) },
    'admin.createUsers': {
      why: 'weak password',
      status: 400,
      call: () =>
        admin.admin.createUsers([{ userName: 'weakimp', email: 'weakimp@example.com', password: 'abc' }]),
    },
    'admin.searchUsers': { why: 'no hint', status: 400, call: () => admin.admin.searchUsers(missing) },
    'admin.user': { why: 'not a user id', status: 400, call: () => admin.admin.user('not-a-guid') },
    'admin.updateUser': {
      why: 'not an e-mail address',
      status: 400,
      call: () => admin.admin.updateUser(user.id, { email: 'nowhere' }),
    },
    'admin.resetPassword': {
      why: 'not a user id',
      status: 400,
      call: () => admin.admin.resetPassword('nope'),
    },
    'admin.deleteUser': { why: 'not a user id', status: 400, call: () => admin.admin.deleteUser('nope') },
    'admin.teams': { why: 'negative skip', status: 400, call: () => admin.admin.teams({ skip: -1 }) },
    'admin.searchTeams': { why: 'no hint', status: 400, call: () => admin.admin.searchTeams(missing) },
    'admin.updateTeam': {
      why: 'name too long',
      status: 400,
      call: () => admin.admin.updateTeam(teamId, { name: 'x'.repeat(21) }),
    },
    'admin.deleteTeam': {
      why: 'not a team id',
      status: 400,
      call: () => admin.admin.deleteTeam('abc' as never),
    },
    'admin.logs': {
      why: 'unknown level',
      status: 400,
      call: () => admin.admin.logs({ level: 'Loud' as never }),
    },
    'admin.files': {
      why: 'count over the maximum',
      status: 400,
      call: () => admin.admin.files({ count: 1e6 }),
    },

    // ---- §2.3 Tokens ----
    'tokens.create': { why: 'empty name', status: 400, call: () => admin.tokens.create({ name: '' }) },
    'tokens.list': noInput,
    'tokens.restore': { why: 'not a token id', status: 400, call: () => admin.tokens.restore('nope') },
    'tokens.revoke': { why: 'not a token id', status: 400, call: () => admin.tokens.revoke('nope') },

    // ---- §2.4 Assets ----
    'assets.download': {
      why: 'unknown file',
      status: 404,
      call: () => s.anonymous().assets.download('0'.repeat(64), 'x.txt'),
    },
    'assets.upload': {
      why: 'more files than one request may carry (64)',
      status: 413,
      call: () =>
        admin.assets.upload(Array.from({ length: 65 }, (_, i) => new File([`file ${i}`], `f${i}.txt`))),
    },
    'assets.delete': { why: 'unknown file', status: 404, call: () => admin.assets.delete('0'.repeat(64)) },

    // ---- §2.5 Posts ----
    'edit.createPost': {
      why: 'title too long',
      status: 400,
      call: () => admin.edit.createPost({ title: 'x'.repeat(51), summary: 's', content: 'c' }),
    },
    'edit.updatePost': {
      why: 'unknown post',
      status: 404,
      call: () => admin.edit.updatePost('nope', { title: 'Renamed' }),
    },
    'edit.deletePost': { why: 'unknown post', status: 404, call: () => admin.edit.deletePost('nope') },

    // ---- §2.7 Info ----
    'info.config': noInput,
    'info.captcha': noInput,
    'info.powChallenge': noInput,
    'info.posts': noInput,
    'info.latestPosts': noInput,
    'info.post': { why: 'unknown post', status: 404, call: () => s.anonymous().info.post('nope') },

    // ---- §2.9 Team ----
    'team.get': { why: 'unknown team', status: 404, call: () => s.anonymous().team.get(99999) },
    'team.list': noInput,
    'team.create': { why: 'empty name', status: 400, call: () => other.client.team.create({ name: '' }) },
    'team.update': {
      why: 'name too long',
      status: 400,
      call: () => user.client.team.update(teamId, { name: 'x'.repeat(21) }),
    },
    'team.transfer': {
      why: 'new captain not a member',
      status: 400,
      call: () => user.client.team.transfer(teamId, { newCaptainId: other.id }),
    },
    'team.invite': { why: 'not a team id', status: 400, call: () => user.client.team.invite('abc' as never) },
    'team.refreshInvite': {
      why: 'not a team id',
      status: 400,
      call: () => user.client.team.refreshInvite('abc' as never),
    },
    'team.kick': {
      why: 'not a member',
      status: 400,
      call: () => user.client.team.kick(teamId, other.id),
    },
    'team.accept': { why: 'malformed code', status: 400, call: () => other.client.team.accept('garbage') },
    'team.leave': { why: 'unknown team', status: 404, call: () => other.client.team.leave(99999) },
    'team.updateAvatar': {
      why: 'not an image',
      status: 400,
      call: () => user.client.team.updateAvatar(teamId, notAnImage),
    },
    'team.delete': { why: 'unknown team', status: 404, call: () => user.client.team.delete(99999) },
    'team.verify': {
      why: 'malformed team token',
      status: 400,
      call: () => s.anonymous().team.verify({ ...signedTeamToken(7), teamToken: 'seven:abc' }),
    },
  };

  it('covers every issue-5 endpoint; only endpoints with no input at all go without a bad one', () => {
    expect(Object.keys(cases).sort()).toEqual(issue5Endpoints().sort());
    for (const [name, entry] of Object.entries(cases)) {
      if (entry !== noInput) continue;
      const [group, key] = name.split('.') as [keyof typeof schemas, string];
      const schema = (schemas[group] as Record<string, object>)[key] ?? {};
      const route = (routes[group] as Record<string, { upload?: string }>)[key];
      expect(
        Object.keys(schema).filter((k) => ['params', 'query', 'body'].includes(k)),
        name,
      ).toEqual([]);
      expect(route?.upload, name).toBeUndefined();
    }
  });

  const bad = Object.entries(cases).filter((entry): entry is [string, BadInput] => entry[1] !== noInput);
  it.each(bad)('%s refuses a bad input', async (_name, { why, status, call }) => {
    const error = await failure(call());
    expect(error.kind, why).toBe('bad-request');
    expect(error.status, `${why}: ${error.title}`).toBe(status);
    expect(error.code, why).toBe(status);
    expect(error.title, why).toMatch(/\S/);
    expect(error.title, why).not.toMatch(/\n\s+at |Error:|undefined|\[object/);
  });

  it('still accepts the good version of an image upload', async () => {
    expect(await user.client.account.updateAvatar(await pngBytes())).toMatch(/^\/assets\//);
  });
});
