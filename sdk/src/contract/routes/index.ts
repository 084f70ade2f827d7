// The route table: every endpoint of gzctf-api.md §2, grouped as the spec groups them.
import { info } from './info.ts';

export const routes = { info } as const;
