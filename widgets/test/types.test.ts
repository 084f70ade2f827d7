// What an npm user of the package gets from TypeScript: test/consumer/page.ts, a host page's script, compiled
// against the built declarations the package's exports point at.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const consumer = fileURLToPath(new URL('consumer', import.meta.url));
const declarations = fileURLToPath(new URL('../dist/types.d.ts', import.meta.url));
const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));

describe('the published declarations', () => {
  it('type the tags, their properties and their events for a host page', async () => {
    if (!existsSync(declarations)) {
      throw new Error('The widgets are not built: run `npm run build --workspace widgets`');
    }
    const compiled = await promisify(execFile)(process.execPath, [tsc, '-p', consumer]).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(compiled).toEqual({ code: 0, stdout: '' });
  }, 60_000); // a whole compile, the SDK's models included
});
