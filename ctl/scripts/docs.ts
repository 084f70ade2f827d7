// Rewrites README.md's table of challenge.yml's fields from the schema (src/docs.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { withFieldTable } from '../src/docs.ts';

const readme = new URL('../README.md', import.meta.url);
writeFileSync(readme, withFieldTable(readFileSync(readme, 'utf8')));
