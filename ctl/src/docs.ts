// The README's table of challenge.yml's fields, written from the schema (`npm run docs --workspace ctl`), so the
// documentation cannot drift from what `validate` checks.
import { ChallengeSpec } from './schema.ts';

interface Node {
  type?: string;
  description?: string;
  enum?: string[];
  properties?: Record<string, Node>;
  required?: string[];
  items?: Node;
  anyOf?: Node[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

const kind = (node: Node): string => {
  if (node.enum) return 'enum';
  if (node.anyOf) return [...new Set(node.anyOf.map(kind))].join(' or ');
  if (node.type === 'array') return `list of ${node.items ? kind(node.items) : 'values'}`;
  if (node.type === 'object') return 'mapping';
  return node.type ?? 'value';
};

const bounds = (node: Node): string =>
  [
    node.minimum !== undefined && node.maximum !== undefined ? `${node.minimum}–${node.maximum}` : '',
    node.minimum !== undefined && node.maximum === undefined ? `≥ ${node.minimum}` : '',
    node.maxLength !== undefined ? `≤ ${node.maxLength} characters` : '',
  ]
    .filter(Boolean)
    .join(', ');

const rows = (node: Node, prefix: string): string[] =>
  Object.entries(node.properties ?? {}).flatMap(([name, field]) => {
    const at = `${prefix}${name}`;
    const required = node.required?.includes(name) ? 'yes' : '';
    const limit = bounds(field);
    const text = [field.description ?? '', limit].filter(Boolean).join('; ');
    const row = `| \`${at}\` | ${kind(field)} | ${required} | ${text.replaceAll('|', '\\|')} |`;
    return [row, ...(field.type === 'object' ? rows(field, `${at}.`) : []), ...itemRows(field, at)];
  });

/** A list whose items may be mappings: their fields, as `list[].field`. */
const itemRows = (node: Node, at: string): string[] => {
  const forms = node.items?.anyOf ?? (node.items ? [node.items] : []);
  return forms.filter((form) => form.type === 'object').flatMap((form) => rows(form, `${at}[].`));
};

export const fieldTable = (): string =>
  [
    '| Field | Type | Required | Meaning |',
    '| --- | --- | --- | --- |',
    ...rows(ChallengeSpec as Node, ''),
  ].join('\n');

export const tableStart = '<!-- challenge.yml fields: written by `npm run docs --workspace ctl` -->';
export const tableEnd = '<!-- end of challenge.yml fields -->';

/** The README with its field table replaced by the schema's. */
export const withFieldTable = (readme: string): string => {
  const start = readme.indexOf(tableStart);
  const end = readme.indexOf(tableEnd);
  if (start < 0 || end < start) throw new Error('the README has no field table markers');
  return `${readme.slice(0, start + tableStart.length)}\n${fieldTable()}\n${readme.slice(end)}`;
};
