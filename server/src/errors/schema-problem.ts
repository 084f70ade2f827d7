// The rules every text from outside meets, and how a refusal names its field. Below http/, so a request's body
// (http/validation.ts, http/errors.ts) and an imported game package (games/game-transfer.ts) are held to the same
// rules and refused in the same words.
import { AUTHORED_NAME_PATTERN } from '@pennon/sdk/contract';
import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { msg, type Text } from '../i18n/message.ts';

/** One complaint about a value, shaped as TypeBox (and Fastify's `validation`) give them. */
export interface SchemaProblem {
  keyword: string;
  instancePath: string;
  params: unknown;
}

/**
 * Where a string or key holding U+0000 is, as a JSON pointer (a key's parent), or undefined: PostgreSQL cannot
 * store that character in text. Iterative: a value nests as deep as its sender likes.
 */
export const nulAt = (value: unknown): string | undefined => {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, at] = next;
    if (typeof item === 'string' && item.includes('\0')) return at;
    if (item === null || typeof item !== 'object') continue;
    for (const [key, inner] of Object.entries(item)) {
      if (key.includes('\0')) return at;
      pending.push([inner, `${at}/${key}`]);
    }
  }
  return undefined;
};

/** The NUL rule's complaint, shaped as the library's own (`nul` has its own wording). */
export const nulProblem = (instancePath: string) => ({
  keyword: 'nul',
  instancePath,
  schemaPath: '#',
  params: {},
  message: 'must not contain the character U+0000',
});

/** The first complaint about `value` under `schema` and the NUL rule; undefined when it passes both. */
export const firstProblem = (schema: TSchema, value: unknown): SchemaProblem | undefined => {
  const nul = nulAt(value);
  if (nul !== undefined) return nulProblem(nul);
  return Value.Check(schema, value) ? undefined : Value.Errors(schema, value)[0];
};

/** A complaint phrased for a person, naming its field: `title must be at most 128 characters long`. */
export const problemTitle = (problem: SchemaProblem | undefined, fallbackField = 'request'): Text => {
  if (!problem) return msg`The request is not valid`;
  const params = problem.params as {
    requiredProperties?: string[];
    missingProperty?: string;
    limit?: number;
    pattern?: string;
  };
  const path = problem.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const field =
    (problem.keyword === 'required' ? (params.requiredProperties?.[0] ?? params.missingProperty) : path) ||
    fallbackField;
  switch (problem.keyword) {
    case 'required':
      return msg`${field} is required`;
    case 'minLength':
      return msg`${field} must be at least ${params.limit} characters long`;
    case 'maxLength':
      return msg`${field} must be at most ${params.limit} characters long`;
    case 'minimum':
    case 'minItems':
      return msg`${field} must be at least ${params.limit}`;
    case 'maximum':
    case 'maxItems':
      return msg`${field} must be at most ${params.limit}`;
    case 'type':
      return msg`${field} has the wrong type`;
    case 'const':
    case 'enum':
    case 'anyOf':
      return msg`${field} is not one of the allowed values`;
    case 'pattern':
      if (params.pattern === AUTHORED_NAME_PATTERN)
        return msg`${field} must have a visible character and no control or text direction characters`;
      return msg`${field} is not in the expected format`;
    case 'format':
      return msg`${field} is not in the expected format`;
    case 'nul':
      return msg`${field} must not contain the NUL character (U+0000)`;
    default:
      return msg`${field} is not valid`;
  }
};
