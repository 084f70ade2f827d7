// Finds every translatable text in the server's sources, so a test can hold each catalog to the full set:
// literal titles of `new DomainError(…)`, `new HttpError(…)` and `request.translate(…)`, and every msg`…` template.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const quoted = String.raw`(['"])((?:\\.|(?!\1).)*?)\1`;
const literalTitle = new RegExp(
  String.raw`(?:new (?:Domain|Http)Error\(\s*\d+,|\btranslate\()\s*${quoted}`,
  'gs',
);

const unescapeLiteral = (text: string): string => text.replace(/\\(.)/g, '$1');

/** A msg`…` template's key: its text with each `${…}` replaced by `{0}`, `{1}`…, as `msg` builds it. */
const templateKeys = (source: string): string[] => {
  const keys: string[] = [];
  for (let start = source.indexOf('msg`'); start !== -1; start = source.indexOf('msg`', start + 1)) {
    let key = '';
    let values = 0;
    let i = start + 4;
    while (i < source.length && source[i] !== '`') {
      if (source[i] === '\\') {
        key += source[i + 1];
        i += 2;
      } else if (source.startsWith('${', i)) {
        // Skip the expression, minding braces inside it.
        let depth = 1;
        i += 2;
        while (depth > 0 && i < source.length) {
          if (source[i] === '{') depth++;
          else if (source[i] === '}') depth--;
          i++;
        }
        key += `{${values++}}`;
      } else {
        key += source[i++];
      }
    }
    keys.push(key);
  }
  return keys;
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // This folder's own sources only talk about the syntax.
    if (entry.isDirectory()) return entry.name === 'i18n' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });

/** Every message key used under `dir`; keys with no words (`{0}: {1}`) need no translation and are left out. */
export const extractMessageKeys = (dir: string): Set<string> => {
  const keys = new Set<string>();
  for (const file of sourceFiles(dir)) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(literalTitle)) keys.add(unescapeLiteral(match[2] ?? ''));
    for (const key of templateKeys(source)) keys.add(key);
  }
  for (const key of keys) if (!/\p{L}/u.test(key.replace(/\{\d+\}/g, ''))) keys.delete(key);
  return keys;
};
