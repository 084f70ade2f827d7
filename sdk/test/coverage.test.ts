// Every route of the contract is reached by exactly one SDK method: each method is driven through the
// real transport (a recording `fetch`), and the method + path set it produces must equal the route table.
import { describe, expect, it } from 'vitest';
import { createClient, type Endpoint, type PennonClient, routes } from '../src/index.ts';

const groups = ['account', 'admin', 'tokens', 'assets', 'edit', 'game', 'info', 'proxy', 'team'] as const;
type Group = (typeof groups)[number];
type MethodKey = { [G in Group]: `${G}.${keyof PennonClient[G] & string}` }[Group];

interface Recorded {
  method: string;
  path: string;
  contentType: string | null;
  body: string;
}

const recorder = () => {
  const recorded: Recorded[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = request.body ? await request.text() : '';
    recorded.push({
      method: request.method,
      path: new URL(request.url).pathname,
      contentType: request.headers.get('content-type'),
      body,
    });
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { recorded, client: createClient({ baseUrl: 'https://ctf.example.com', fetch, retry: 0 }) };
};

const file = new Blob(['x'], { type: 'image/png' });
const guid = '0b6f3a1e-8e0a-4d4e-9c1a-2f1f2b3c4d5e';
const hash = 'a'.repeat(64);

/** One call per SDK method, with dummy arguments; the type makes the table name every method, no more. */
const calls: Record<MethodKey, (c: PennonClient) => Promise<unknown> | string> = {
  'account.register': (c) => c.account.register({ userName: 'u', password: 'p', email: 'u@x.io' }),
  'account.recover': (c) => c.account.recover({ email: 'u@x.io' }),
  'account.resetPassword': (c) => c.account.resetPassword({ password: 'p', email: 'u@x.io', rToken: 't' }),
  'account.verify': (c) => c.account.verify({ token: 't', email: 'u@x.io' }),
  'account.login': (c) => c.account.login({ userName: 'u', password: 'p' }),
  'account.logout': (c) => c.account.logout(),
  'account.updateProfile': (c) => c.account.updateProfile({ bio: 'b' }),
  'account.changePassword': (c) => c.account.changePassword({ old: 'a', new: 'b' }),
  'account.changeEmail': (c) => c.account.changeEmail({ newMail: 'v@x.io' }),
  'account.confirmEmailChange': (c) => c.account.confirmEmailChange({ token: 't', email: 'u@x.io' }),
  'account.profile': (c) => c.account.profile(),
  'account.updateAvatar': (c) => c.account.updateAvatar(file),

  'admin.config': (c) => c.admin.config(),
  'admin.updateConfig': (c) => c.admin.updateConfig({}),
  'admin.uploadLogo': (c) => c.admin.uploadLogo(new Uint8Array([1, 2, 3])),
  'admin.deleteLogo': (c) => c.admin.deleteLogo(),
  'admin.users': (c) => c.admin.users({ count: 10 }),
  'admin.createUsers': (c) => c.admin.createUsers([]),
  'admin.searchUsers': (c) => c.admin.searchUsers('ali'),
  'admin.user': (c) => c.admin.user(guid),
  'admin.updateUser': (c) => c.admin.updateUser(guid, {}),
  'admin.resetPassword': (c) => c.admin.resetPassword(guid),
  'admin.deleteUser': (c) => c.admin.deleteUser(guid),
  'admin.teams': (c) => c.admin.teams(),
  'admin.searchTeams': (c) => c.admin.searchTeams('t'),
  'admin.updateTeam': (c) => c.admin.updateTeam(1, {}),
  'admin.deleteTeam': (c) => c.admin.deleteTeam(1),
  'admin.logs': (c) => c.admin.logs({ level: 'All' }),
  'admin.updateParticipation': (c) => c.admin.updateParticipation(1, {}),
  'admin.reviewParticipations': (c) => c.admin.reviewParticipations({ ids: [1], status: 'Accepted' }),
  'admin.writeups': (c) => c.admin.writeups(1),
  'admin.downloadWriteups': (c) => c.admin.downloadWriteups(1),
  'admin.instances': (c) => c.admin.instances(),
  'admin.deleteInstance': (c) => c.admin.deleteInstance(guid),
  'admin.files': (c) => c.admin.files(),

  'tokens.create': (c) => c.tokens.create({ name: 'n' }),
  'tokens.list': (c) => c.tokens.list(),
  'tokens.restore': (c) => c.tokens.restore(guid),
  'tokens.revoke': (c) => c.tokens.revoke(guid, { delete: true }),

  'assets.download': (c) => c.assets.download(hash, 'a.txt'),
  'assets.upload': (c) => c.assets.upload([file, file], { filename: 'f' }),
  'assets.delete': (c) => c.assets.delete(hash),

  'edit.createPost': (c) => c.edit.createPost({ title: 't' }),
  'edit.updatePost': (c) => c.edit.updatePost('p1', { title: 't' }),
  'edit.deletePost': (c) => c.edit.deletePost('p1'),
  'edit.createGame': (c) => c.edit.createGame({ title: 'g', start: 0, end: 1 }),
  'edit.games': (c) => c.edit.games({ count: 10 }),
  'edit.game': (c) => c.edit.game(1),
  'edit.updateGame': (c) => c.edit.updateGame(1, { title: 'g', start: 0, end: 1 }),
  'edit.deleteGame': (c) => c.edit.deleteGame(1),
  'edit.updatePoster': (c) => c.edit.updatePoster(1, file),
  'edit.deleteWriteups': (c) => c.edit.deleteWriteups(1),
  'edit.flushScoreboard': (c) => c.edit.flushScoreboard(1),
  'edit.revealScoreboard': (c) => c.edit.revealScoreboard(1),
  'edit.updateAcceptedCounts': (c) => c.edit.updateAcceptedCounts(1),
  'edit.exportGame': (c) => c.edit.exportGame(1),
  'edit.importGame': (c) => c.edit.importGame(file),
  'edit.hashSalt': (c) => c.edit.hashSalt(1),
  'edit.createNotice': (c) => c.edit.createNotice(1, { content: 'n' }),
  'edit.notices': (c) => c.edit.notices(1),
  'edit.updateNotice': (c) => c.edit.updateNotice(1, 2, { content: 'n' }),
  'edit.deleteNotice': (c) => c.edit.deleteNotice(1, 2),
  'edit.createAdjustment': (c) => c.edit.createAdjustment(1, { teamId: 3, points: -5, reason: 'r' }),
  'edit.adjustments': (c) => c.edit.adjustments(1),
  'edit.updateAdjustment': (c) => c.edit.updateAdjustment(1, 2, { teamId: 3, points: 5, reason: 'r' }),
  'edit.deleteAdjustment': (c) => c.edit.deleteAdjustment(1, 2),
  'edit.correctVerdict': (c) => c.edit.correctVerdict(1, 2, { status: 'WrongAnswer', reason: 'r' }),
  'edit.teamSolves': (c) => c.edit.teamSolves(1, 2),
  'edit.removeTeamSolves': (c) => c.edit.removeTeamSolves(1, 2, { reason: 'r' }),
  'edit.createHint': (c) =>
    c.edit.createHint(1, 2, { title: 'h', content: 'c', costKind: 'Points', cost: 5 }),
  'edit.hints': (c) => c.edit.hints(1, 2),
  'edit.updateHint': (c) =>
    c.edit.updateHint(1, 2, 3, { title: 'h', content: 'c', costKind: 'Percent', cost: 5 }),
  'edit.deleteHint': (c) => c.edit.deleteHint(1, 2, 3),
  'edit.createDivision': (c) => c.edit.createDivision(1, { name: 'd' }),
  'edit.divisions': (c) => c.edit.divisions(1),
  'edit.updateDivision': (c) => c.edit.updateDivision(1, 2, {}),
  'edit.deleteDivision': (c) => c.edit.deleteDivision(1, 2),
  'edit.createChallenge': (c) =>
    c.edit.createChallenge(1, { title: 'c', category: 'Misc', type: 'StaticAttachment' }),
  'edit.challenges': (c) => c.edit.challenges(1),
  'edit.challenge': (c) => c.edit.challenge(1, 2),
  'edit.updateChallenge': (c) => c.edit.updateChallenge(1, 2, {}),
  'edit.deleteChallenge': (c) => c.edit.deleteChallenge(1, 2),
  'edit.updateAttachment': (c) => c.edit.updateAttachment(1, 2, { attachmentType: 'None' }),
  'edit.addFlags': (c) => c.edit.addFlags(1, 2, [{ flag: 'flag{x}' }]),
  'edit.deleteFlag': (c) => c.edit.deleteFlag(1, 2, 3),
  'edit.createTestContainer': (c) => c.edit.createTestContainer(1, 2),
  'edit.deleteTestContainer': (c) => c.edit.deleteTestContainer(1, 2),

  'game.recent': (c) => c.game.recent({ limit: 5 }),
  'game.list': (c) => c.game.list(),
  'game.get': (c) => c.game.get(1),
  'game.check': (c) => c.game.check(1),
  'game.join': (c) => c.game.join(1, { teamId: 3 }),
  'game.leave': (c) => c.game.leave(1),
  'game.scoreboard': (c) => c.game.scoreboard(1),
  'game.notices': (c) => c.game.notices(1, { count: 10 }),
  'game.teamNotices': (c) => c.game.teamNotices(1),
  'game.events': (c) => c.game.events(1, { hideContainer: true }),
  'game.submissions': (c) => c.game.submissions(1, { type: 'Accepted' }),
  'game.cheatInfo': (c) => c.game.cheatInfo(1),
  'game.participations': (c) => c.game.participations(1),
  'game.scoreboardSheet': (c) => c.game.scoreboardSheet(1),
  'game.submissionSheet': (c) => c.game.submissionSheet(1),
  'game.details': (c) => c.game.details(1),
  'game.challenge': (c) => c.game.challenge(1, 2),
  'game.unlockHint': (c) => c.game.unlockHint(1, 2, 3),
  'game.submit': (c) => c.game.submit(1, 2, 'flag{x}'),
  'game.submissionStatus': (c) => c.game.submissionStatus(1, 2, 3),
  'game.writeup': (c) => c.game.writeup(1),
  'game.submitWriteup': (c) => c.game.submitWriteup(1, file),
  'game.createContainer': (c) => c.game.createContainer(1, 2),
  'game.extendContainer': (c) => c.game.extendContainer(1, 2),
  'game.deleteContainer': (c) => c.game.deleteContainer(1, 2),
  'game.captures': (c) => c.game.captures(1),
  'game.captureTeams': (c) => c.game.captureTeams(2),
  'game.captureFiles': (c) => c.game.captureFiles(2, 3),
  'game.downloadCaptures': (c) => c.game.downloadCaptures(2, 3),
  'game.deleteCaptures': (c) => c.game.deleteCaptures(2, 3),
  'game.captureFile': (c) => c.game.captureFile(2, 3, 'x.pcap.gz'),
  'game.deleteCaptureFile': (c) => c.game.deleteCaptureFile(2, 3, 'x.pcap.gz'),

  'info.config': (c) => c.info.config(),
  'info.captcha': (c) => c.info.captcha(),
  'info.powChallenge': (c) => c.info.powChallenge(),
  'info.posts': (c) => c.info.posts(),
  'info.latestPosts': (c) => c.info.latestPosts(),
  'info.post': (c) => c.info.post('p1'),

  'proxy.proxyUrl': (c) => c.proxy.proxyUrl(guid),
  'proxy.testProxyUrl': (c) => c.proxy.testProxyUrl(guid),

  'team.get': (c) => c.team.get(1),
  'team.list': (c) => c.team.list(),
  'team.create': (c) => c.team.create({ name: 't' }),
  'team.update': (c) => c.team.update(1, { bio: 'b' }),
  'team.transfer': (c) => c.team.transfer(1, { newCaptainId: guid }),
  'team.invite': (c) => c.team.invite(1),
  'team.refreshInvite': (c) => c.team.refreshInvite(1),
  'team.kick': (c) => c.team.kick(1, guid),
  'team.accept': (c) => c.team.accept('t:1:0123456789abcdef0123456789abcdef'),
  'team.leave': (c) => c.team.leave(1),
  'team.updateAvatar': (c) => c.team.updateAvatar(1, file),
  'team.delete': (c) => c.team.delete(1),
  'team.verify': (c) => c.team.verify({ teamToken: 't', publicKey: 'k' }),
};

const table = Object.entries(routes).flatMap(([group, entries]) =>
  Object.entries(entries as Record<string, Endpoint>).map(([name, def]) => ({ id: `${group}.${name}`, def })),
);

/** The route a concrete request reached; a literal segment beats a `{param}` (`…/all` over `…/{filename}`). */
const routeOf = (method: string, path: string): string | undefined => {
  const segments = path.split('/');
  const matches = table.filter(({ def }) => {
    const template = def.path.split('/');
    return (
      def.method === method &&
      template.length === segments.length &&
      template.every((part, i) => part.startsWith('{') || part === segments[i])
    );
  });
  const literals = (def: Endpoint) => def.path.split('/').filter((part) => !part.startsWith('{')).length;
  matches.sort((a, b) => literals(b.def) - literals(a.def));
  return matches[0]?.id;
};

/** Drives one SDK method and answers the route it reached (proxy helpers: the route of their URL). */
const reach = async (key: MethodKey) => {
  const { client, recorded } = recorder();
  const result = await calls[key](client);
  if (typeof result === 'string') {
    const url = new URL(result);
    expect(url.protocol).toBe('wss:');
    recorded.push({ method: 'GET', path: url.pathname, contentType: null, body: '' });
  }
  // Routes with encrypted fields first look up the platform's key (here: none, so the body goes out plain).
  const sent = key === 'info.config' ? recorded : recorded.filter((r) => r.path !== '/api/config');
  expect(sent, key).toHaveLength(1);
  const [request] = sent as [Recorded];
  return { route: routeOf(request.method, request.path), request };
};

describe('SDK coverage of the route table', () => {
  it('has a group on the client for every group of the table', () => {
    expect(Object.keys(routes).sort()).toEqual([...groups].sort());
  });

  it('names every method of every group in the call table', () => {
    const { client } = recorder();
    const methods = groups.flatMap((group) => Object.keys(client[group]).map((name) => `${group}.${name}`));
    expect(methods.sort()).toEqual(Object.keys(calls).sort());
  });

  it('reaches every route exactly once, with its method and path', async () => {
    const reached = new Map<string, string[]>();
    for (const key of Object.keys(calls) as MethodKey[]) {
      const { route } = await reach(key);
      expect(route, `${key} reached no route`).toBeDefined();
      reached.set(route as string, [...(reached.get(route as string) ?? []), key]);
    }
    const duplicates = [...reached].filter(([, keys]) => keys.length > 1);
    expect(duplicates).toEqual([]);
    expect([...reached.keys()].sort()).toEqual(table.map(({ id }) => id).sort());
    expect(table).toHaveLength(140);
  });

  it('makes the call of every paged route, and only those, iterable over the whole list', async () => {
    const iterable: string[] = [];
    for (const key of Object.keys(calls) as MethodKey[]) {
      const { client } = recorder();
      const call = calls[key](client);
      if (typeof call !== 'string' && Symbol.asyncIterator in call)
        iterable.push((await reach(key)).route ?? key);
    }
    expect(iterable.sort()).toEqual(
      table
        .filter(({ def }) => def.paged)
        .map(({ id }) => id)
        .sort(),
    );
    expect(iterable.length).toBeGreaterThanOrEqual(9);
  });

  it('sends ids in the path, bodies as JSON and files as multipart', async () => {
    const submit = await reach('game.submit');
    expect(submit.request).toMatchObject({
      method: 'POST',
      path: '/api/game/1/challenges/2',
      body: JSON.stringify({ flag: 'flag{x}' }),
    });
    const accept = await reach('team.accept');
    expect(JSON.parse(accept.request.body)).toBe('t:1:0123456789abcdef0123456789abcdef');
    const capture = await reach('game.captureFile');
    expect(capture.route).toBe('game.captureFile');
    expect((await reach('game.downloadCaptures')).route).toBe('game.downloadCaptures');
    const logo = await reach('admin.uploadLogo');
    expect(logo.request.contentType).toMatch(/^multipart\/form-data/);
    expect(logo.request.body).toContain('name="file"');
    const upload = await reach('assets.upload');
    expect(upload.request.body.match(/name="files"/g)).toHaveLength(2);
  });

  it('builds the tunnel addresses from the base URL', () => {
    const secure = createClient({ baseUrl: 'https://ctf.example.com/prefix' });
    expect(secure.proxy.proxyUrl(guid)).toBe(`wss://ctf.example.com/prefix/api/proxy/${guid}`);
    expect(secure.proxy.testProxyUrl(guid)).toBe(`wss://ctf.example.com/prefix/api/proxy/noinst/${guid}`);
    const plain = createClient({ baseUrl: 'http://127.0.0.1:8080' });
    expect(plain.proxy.proxyUrl(guid)).toBe(`ws://127.0.0.1:8080/api/proxy/${guid}`);
  });

  it('downloads as a Blob with its file name', async () => {
    const fetch: typeof globalThis.fetch = async () =>
      new Response('PK', { headers: { 'content-disposition': 'attachment; filename="game.zip"' } });
    const client = createClient({ baseUrl: 'https://ctf.example.com', fetch });
    const { data, fileName } = await client.edit.exportGame(1);
    expect(fileName).toBe('game.zip');
    expect(await data.text()).toBe('PK');
  });
});
