// Requests are checked by TypeBox, the library that defines the contract. A JSON body is taken exactly as sent,
// as ASP.NET reads it: Ajv's type coercion would turn a null into "" inside a nullable field, so "null keeps the
// stored value" would become "clear it". Path and query strings are converted to the schema's types and defaulted.
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import Value from 'typebox/value';

/** Distinct path and query strings kept converted, per route part: the same few come again and again. */
const convertedKept = 256;

export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = Compile(schema);
  const check = (value: unknown) =>
    validator.Check(value) ? { value } : { error: [...validator.Errors(value)] };
  if (httpPart === 'body') return check;
  // Converting and defaulting cost more than the rest of a scoreboard poll: a valid path or query (a flat object of
  // strings) seen before reuses its value, frozen since every request with it shares it.
  const converted = new Map<string, { value: unknown }>();
  return (data: unknown) => {
    const key = JSON.stringify(data);
    const known = converted.get(key);
    if (known) return known;
    const result = check(Value.Default(schema, Value.Convert(schema, data)));
    if ('value' in result) {
      if (converted.size >= convertedKept) converted.clear();
      converted.set(key, { value: deepFreeze(result.value) });
    }
    return result;
  };
};

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
};
