// `node --import ./no-typescript.mjs …`: the process, and its worker threads, fail on any import of TypeScript or of
// tsx's loader, so a test sees that a build runs on its JavaScript alone (whatever Node does with types on its own).
import { register } from 'node:module';

register(new URL('./no-typescript-hooks.mjs', import.meta.url));
