// A folder's prerequisites, offline: names and folders resolved to the folder's challenges, a cycle refused with
// the challenges along it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidFiles, loadFolder } from '../src/folder.ts';

let dir: string;
const folder = (files: Record<string, string>): string => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pennon-ctl-unit-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
};
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const problems = (root: string) =>
  loadFolder(root).then(
    () => [],
    (error: unknown) => (error instanceof InvalidFiles ? error.problems : [String(error)]),
  );

describe('prerequisites in a folder', () => {
  it('names a challenge by its name, its folder or its folder’s last part, and keeps others for the game', async () => {
    const root = folder({
      'misc/warmup/challenge.yml': 'name: Warmup\ncategory: Misc\n',
      'web/login/challenge.yml': 'name: Login\ncategory: Web\n',
      'web/admin/challenge.yml':
        'name: Admin\ncategory: Web\nprerequisites: [Warmup, web/login, warmup, On the platform]\n',
    });
    const admin = (await loadFolder(root)).find((c) => c.spec.name === 'Admin');
    expect(admin?.prerequisites).toEqual(['Warmup', 'Login', 'On the platform']);
  });

  it('refuses a cycle, naming the challenges along it, and a hint title used twice', async () => {
    const root = folder({
      'a/challenge.yml': 'name: Alpha\ncategory: Misc\nprerequisites: [Bravo]\n',
      'b/challenge.yml': 'name: Bravo\ncategory: Misc\nprerequisites: [c]\n',
      'c/challenge.yml': `name: Charlie
category: Misc
prerequisites: [Alpha]
hints:
  - { title: Look, content: Here. }
  - { title: Look, content: There., cost: 5% }
`,
      'd/challenge.yml': 'name: Delta\ncategory: Misc\nprerequisites: [Delta]\n',
    });
    const found = await problems(root);
    const file = (name: string) => path.relative(process.cwd(), path.join(root, name, 'challenge.yml'));
    expect(found).toEqual([
      `${file('c')}: hints.1.title: another hint of the challenge is titled Look`,
      `${file('a')}: prerequisites: a cycle: Alpha → Bravo → Charlie → Alpha`,
      `${file('d')}: prerequisites: a cycle: Delta → Delta`,
    ]);
  });

  it('refuses a percentage over 100', async () => {
    const root = folder({
      'a/challenge.yml': 'name: Alpha\ncategory: Misc\nhints: [{ title: T, content: C, cost: 120% }]\n',
    });
    expect((await problems(root))[0]).toMatch(/hints\.0\.cost: must be Points .*`N%`/);
  });
});
