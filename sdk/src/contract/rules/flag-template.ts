// Per-team flags of dynamic challenges (gzctf-api §4.8): templates with [GUID], [TEAM_HASH] and leet, and the rule
// that refuses guessable templates. Shared by the server, which makes each team's flag, and the admin pages, which
// preview it. Randomness comes from `pick` and `guid`, crypto-random by default (Web Crypto: browsers and Node).

import { FLAG_MAX } from './authored-limits.ts';

/** Picks an index below `n`. */
export type Choose = (n: number) => number;

/** A uniform crypto-random index below `n` (rejection sampling keeps it unbiased). */
const randomIndex: Choose = (n) => {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const word = new Uint32Array(1);
  do crypto.getRandomValues(word);
  while ((word[0] as number) >= limit);
  return (word[0] as number) % n;
};

const basic: Record<string, string> = {
  a: 'Aa4',
  b: 'Bb68',
  c: 'Cc',
  d: 'Dd',
  e: 'Ee3',
  f: 'Ff',
  g: 'Gg69',
  h: 'Hh',
  i: 'Ii1',
  j: 'Jj',
  k: 'Kk',
  l: 'Ll1',
  m: 'Mm',
  n: 'Nn',
  o: 'Oo0',
  p: 'Pp',
  q: 'Qq9',
  r: 'Rr',
  s: 'Ss5',
  t: 'Tt7',
  u: 'Uu',
  v: 'Vv',
  w: 'Ww',
  x: 'Xx',
  y: 'Yy',
  z: 'Zz2',
};
// Complex leet adds symbols a flag may then contain.
const complexExtra: Record<string, string> = {
  a: '@',
  c: '(',
  e: '&',
  h: '#',
  i: '!',
  l: '|',
  q: '?',
  s: '$',
};
const complex: Record<string, string> = Object.fromEntries(
  Object.entries(basic).map(([letter, options]) => [letter, options + (complexExtra[letter] ?? '')]),
);

type Leet = Record<string, string> | undefined;

const placeholder = /\[(GUID|TEAM_HASH)\]/g;
const hasPlaceholder = (template: string) => /\[(GUID|TEAM_HASH)\]/.test(template);

/** The template without its leading marker, and the leet table it asks for (none for a [GUID]/[TEAM_HASH] one). */
const parse = (template: string): { body: string; leet: Leet } => {
  if (template.startsWith('[CLEET]')) return { body: template.slice(7), leet: complex };
  if (template.startsWith('[LEET]')) return { body: template.slice(6), leet: basic };
  return { body: template, leet: hasPlaceholder(template) ? undefined : basic };
};

/** Calls `inside` on every literal character between the outermost braces, keeping placeholders whole. */
const mapBraced = (
  body: string,
  inside: (char: string) => string,
  fill: (name: string) => string,
): string => {
  const open = body.indexOf('{');
  const close = body.lastIndexOf('}');
  let out = '';
  let at = 0;
  for (const match of body.matchAll(placeholder)) {
    out += literal(body.slice(at, match.index), at);
    out += fill(match[1] as string);
    at = match.index + match[0].length;
  }
  return out + literal(body.slice(at), at);

  function literal(text: string, offset: number): string {
    if (open < 0 || close < open) return text;
    return [...text]
      .map((char, i) => (offset + i > open && offset + i < close ? inside(char) : char))
      .join('');
  }
};

/** What a team's flag is rendered from: its team hash, and the random sources (replaceable in tests). */
export interface RenderOptions {
  /** The team's [TEAM_HASH]: 12 hex digits. */
  teamHash: string;
  /** Chooses among the leet substitutions of a character (random by default). */
  pick?: Choose;
  /** Makes each [GUID] (and the GUID of a flag without template). */
  guid?: () => string;
}

/**
 * The flag of one team. No template ⇒ `flag{<guid>}`. Leet (with spaces as `_`) touches only the text inside the
 * outermost braces, and never the placeholders' values.
 */
export const renderFlag = (
  template: string | null | undefined,
  { teamHash, pick = randomIndex, guid = () => crypto.randomUUID() }: RenderOptions,
): string => {
  if (!template?.trim()) return `flag{${guid()}}`;
  const { body, leet } = parse(template);
  const inside = (char: string): string => {
    if (!leet) return char;
    if (char === ' ') return '_';
    const options = leet[char.toLowerCase()];
    return options ? (options[pick(options.length)] as string) : char;
  };
  return mapBraced(body, inside, (name) => (name === 'GUID' ? guid() : teamHash));
};

const minEntropyBits = 32;

/** Whether a DynamicContainer template is hard enough to guess (§4.8). */
export const isValidTemplate = (template: string): boolean => {
  if (hasPlaceholder(template)) return true;
  const { body, leet } = parse(template);
  if (body.length > FLAG_MAX) return false;
  let bits = 0;
  mapBraced(
    body,
    (char) => {
      const options = leet?.[char.toLowerCase()];
      if (options) bits += Math.log2(options.length);
      return char;
    },
    (name) => name,
  );
  return bits >= minEntropyBits;
};
