// The package as published: `npm run build` emits ESM and declarations into dist/ with a manifest whose every
// export exists and loads in plain Node (no TypeScript loader), side-effect free as the manifest says.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const sdk = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(sdk, 'dist');
type Exports = Record<string, { types: string; default: string }>;

describe('the built package', () => {
  let manifest: { exports: Exports; sideEffects: boolean; scripts?: unknown };
  beforeAll(() => {
    execFileSync(process.execPath, [path.join(sdk, 'scripts/build.mjs')], { cwd: sdk, stdio: 'pipe' });
    manifest = JSON.parse(readFileSync(path.join(dist, 'package.json'), 'utf8'));
  }, 120_000);

  it('exports the entries of the workspace, each with its declarations', () => {
    const workspace = JSON.parse(readFileSync(path.join(sdk, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.exports)).toEqual(Object.keys(workspace.exports));
    expect(manifest).toMatchObject({ sideEffects: false, type: 'module' });
    expect(manifest.scripts).toBeUndefined();
    for (const target of Object.values(manifest.exports)) {
      expect(existsSync(path.join(dist, target.default)), target.default).toBe(true);
      expect(existsSync(path.join(dist, target.types)), target.types).toBe(true);
    }
    expect(existsSync(path.join(dist, 'README.md'))).toBe(true);
  });

  it('loads every entry in plain Node', () => {
    const files = Object.values(manifest.exports).map((target) => path.join(dist, target.default));
    const script = `for (const f of ${JSON.stringify(files)}) console.log(Object.keys(await import(f)).length);`;
    const counts = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
    expect(counts).toHaveLength(files.length);
    for (const count of counts) expect(count).toBeGreaterThan(0);
  });
});
