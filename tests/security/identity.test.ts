// Issue 43 §6: nobody passes for someone else. Team names follow the user-name rule (no hidden or reordering
// characters, and names that read alike are one name), on the real server over each database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../server/test/support/databases.ts';
import { type Account, failure, type SdkServer, startSdkServer } from '../../server/test/support/sdk.ts';

const bidi = 'A team name cannot contain characters that change the direction of text';
const invisible = 'A team name cannot contain invisible characters, such as zero-width spaces';
const refusedTeamNames: [name: string, title: string][] = [
  ['Raven\u202Eneva', bidi],
  ['\u2066Raven\u2069', bidi],
  ['Ra\u200Bven', invisible],
  ['Raven\uFEFF', invisible],
  ['Rav\u0007en', 'A team name cannot contain control characters'],
  ['Raven\n', 'A team name cannot contain control characters'],
  [' Raven', 'A team name cannot begin or end with a space'],
  ['Raven\u3000', 'A team name cannot begin or end with a space'],
  // Seven characters that NFKC spells with twenty-one.
  ['\u3392\u3392\u3392\u3392\u3392\u3392\u3392', 'A team name has 1 to 20 characters'],
];
/** What reads as "Raven" on a scoreboard: full-width letters, another letter case, and both. */
const lookAlikes = ['\uFF32\uFF41\uFF56\uFF45\uFF4E', 'RAVEN', 'raven', '\uFF52\uFF41\uFF56\uFF45\uFF4E'];

describe.each(databaseKinds())('team names on $name', (kind) => {
  let server: SdkServer;
  let captain: Account;
  let other: Account;
  let otherTeam: number;
  beforeAll(async () => {
    server = await startSdkServer(kind);
    captain = await server.signUp('raven1');
    other = await server.signUp('crow1');
    await captain.client.team.create({ name: 'Raven' });
    otherTeam = (await other.client.team.create({ name: 'Crow' })).id;
  });
  afterAll(async () => server?.close());

  const teamCount = async () => (await (await server.admin()).admin.teams()).total;

  it.each(refusedTeamNames)(
    'refuses a team named %j, saying why, and writes nothing',
    async (name, title) => {
      const before = await teamCount();
      const refusal = await failure(other.client.team.create({ name }));
      expect({ status: refusal.status, title: refusal.title }).toEqual({ status: 400, title });
      expect(await teamCount()).toBe(before);
      const rename = await failure(other.client.team.update(otherTeam, { name }));
      expect({ status: rename.status, title: rename.title }).toEqual({ status: 400, title });
      const edit = await failure((await server.admin()).admin.updateTeam(otherTeam, { name }));
      expect({ status: edit.status, title: edit.title }).toEqual({ status: 400, title });
      expect((await server.anonymous().team.get(otherTeam)).name).toBe('Crow');
    },
  );

  it.each(lookAlikes)('refuses %j beside "Raven": a new team, a rename and an admin edit', async (name) => {
    const before = await teamCount();
    const taken = { status: 400, title: `The team name "${name.normalize('NFKC')}" is already taken` };
    const refusal = await failure(other.client.team.create({ name }));
    expect({ status: refusal.status, title: refusal.title }).toEqual(taken);
    expect(await teamCount()).toBe(before);
    const rename = await failure(other.client.team.update(otherTeam, { name }));
    expect({ status: rename.status, title: rename.title }).toEqual(taken);
    const edit = await failure((await server.admin()).admin.updateTeam(otherTeam, { name }));
    expect({ status: edit.status, title: edit.title }).toEqual(taken);
  });

  it('lets a team keep its own name in another letter case', async () => {
    expect((await other.client.team.update(otherTeam, { name: 'CROW' })).name).toBe('CROW');
  });

  it('puts imported users with a look-alike team name in that team, and refuses a hidden character', async () => {
    const admin = await server.admin();
    const before = await teamCount();
    const user = { password: 'Secret123', teamName: '\uFF32\uFF41\uFF56\uFF45\uFF4E' };
    await admin.admin.createUsers([{ ...user, userName: 'raven2', email: 'raven2@example.com' }]);
    expect(await teamCount()).toBe(before);
    const [raven] = (await admin.admin.searchTeams('Raven')).data;
    expect(raven?.members?.map((member) => member.userName)).toContain('raven2');
    const hidden = await failure(
      admin.admin.createUsers([
        { ...user, userName: 'raven3', email: 'raven3@example.com', teamName: 'Ra\u200Bven' },
      ]),
    );
    expect({ status: hidden.status, title: hidden.title }).toEqual({
      status: 400,
      title: `raven3: ${invisible}`,
    });
  });
});

describe.each(databaseKinds())('user names against e-mail addresses on $name', (kind) => {
  let server: SdkServer;
  let kit: Account;
  beforeAll(async () => {
    server = await startSdkServer(kind);
    kit = await server.signUp('kit');
  });
  afterAll(async () => server?.close());

  // Sign-in takes a name or an address, the name first: a name equal to kit's address would take kit's sign-ins.
  const kitsAddress = 'KIT@example.com';
  const taken = { status: 400, title: `The user name "${kitsAddress}" is already taken` };

  it('refuses another account’s e-mail address as a user name: sign-up, rename and admin edit', async () => {
    const signUp = await failure(
      server
        .anonymous()
        .account.register({ userName: kitsAddress, email: 'mallory@example.com', password: 'Secret123' }),
    );
    expect({ status: signUp.status, title: signUp.title }).toEqual(taken);
    const mallory = await server.signUp('mallory');
    const rename = await failure(mallory.client.account.updateProfile({ userName: kitsAddress }));
    expect({ status: rename.status, title: rename.title }).toEqual(taken);
    const edit = await failure(
      (await server.admin()).admin.updateUser(mallory.id, { userName: kitsAddress }),
    );
    expect({ status: edit.status, title: edit.title }).toEqual(taken);
    const signIn = server.anonymous();
    await signIn.account.login({ userName: kit.email, password: kit.password });
    expect((await signIn.account.profile()).userId).toBe(kit.id);
  });
});

describe.each(databaseKinds())('tokens minted by tokens on $name', (kind) => {
  let server: SdkServer;
  beforeAll(async () => {
    server = await startSdkServer(kind);
  });
  afterAll(async () => server?.close());

  // A minted token dies with its minter: an account or a role it made would outlive that revocation.
  it('cannot create accounts, change them or reset their passwords; its minter still can', async () => {
    const admin = await server.admin();
    const minter = await admin.tokens.create({ name: 'deploy bot' });
    const minted = await server.withToken(minter.token).tokens.create({ name: 'ci job' });
    const bot = server.withToken(minted.token);
    const pawn = await server.signUp('pawn');
    const refused = {
      status: 403,
      title: 'A token issued by another token cannot create or change accounts',
    };
    const calls = [
      () =>
        bot.admin.createUsers([{ userName: 'sleeper', email: 'sleeper@example.com', password: 'Secret123' }]),
      () => bot.admin.updateUser(pawn.id, { role: 'Admin' }),
      () => bot.admin.resetPassword(pawn.id),
    ];
    for (const call of calls) {
      const refusal = await failure(call());
      expect({ status: refusal.status, title: refusal.title }).toEqual(refused);
    }
    expect((await admin.admin.searchUsers('sleeper')).data).toEqual([]);
    expect((await admin.admin.user(pawn.id)).role).toBe('User');
    await pawn.client.account.login({ userName: pawn.name, password: pawn.password });
    // The token a session issued acts as its admin.
    await server.withToken(minter.token).admin.updateUser(pawn.id, { role: 'Monitor' });
    expect((await admin.admin.user(pawn.id)).role).toBe('Monitor');
  });
});
