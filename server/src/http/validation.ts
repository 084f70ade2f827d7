// Requests are checked by TypeBox, the library that defines the contract. A JSON body is taken exactly as sent,
// as ASP.NET reads it: Ajv's type coercion would turn a null into "" inside a nullable field, so "null keeps the
// stored value" would become "clear it". Path and query strings are converted to the schema's types and defaulted.
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import Value from 'typebox/value';
import { nulAt, nulProblem } from '../errors/schema-problem.ts';

/** Distinct query strings kept converted, per route: the same few come again and again. */
const convertedKept = 256;

export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = Compile(schema);
  // One rule for every string of every route: U+0000 is refused, since PostgreSQL cannot store it in text.
  const check = (value: unknown) => {
    const nul = nulAt(value);
    if (nul !== undefined) return { error: [nulProblem(nul)] };
    return validator.Check(value) ? { value } : { error: [...validator.Errors(value)] };
  };
  if (httpPart === 'body') return check;
  const integers = integerKeys(schema);
  const notIntegerIn = (data: unknown) =>
    integers.find((name) => !isIntegerText((data as Record<string, unknown>)[name]));
  if (onlyIntegersAndStrings(schema)) {
    // Converting such a part (every path in the contract) is `Number` on its integer fields, as the library's
    // conversion does for decimal digits, in a sixth of its time: a flag's status poll names a new submission
    // each time, so no kept value below would serve it.
    return (data: unknown) => {
      const notInteger = notIntegerIn(data);
      if (notInteger) return { error: [integerError(notInteger)] };
      const value = { ...(data as Record<string, unknown>) };
      for (const name of integers) if (value[name] !== undefined) value[name] = Number(value[name]);
      return check(value);
    };
  }
  // Converting and defaulting cost more than the rest of a scoreboard poll: a valid query (a flat object of strings)
  // seen before reuses its value, frozen since every request with it shares it.
  const converted = new Map<string, { value: unknown }>();
  return (data: unknown) => {
    const key = JSON.stringify(data);
    const known = converted.get(key);
    if (known) return known;
    const notInteger = notIntegerIn(data);
    const result = notInteger
      ? { error: [integerError(notInteger)] }
      : check(Value.Default(schema, Value.Convert(schema, data)));
    if ('value' in result) {
      if (converted.size >= convertedKept) converted.clear();
      converted.set(key, { value: deepFreeze(result.value) });
    }
    return result;
  };
};

/** The integer fields of a path or query: conversion alone would read "1.5" as 1 and "1e3" as 1000. */
const integerKeys = (schema: TSchema): string[] =>
  Object.entries((schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {})
    .filter(([, inner]) => inner.type === 'integer')
    .map(([name]) => name);

/** Whether every field of a path or query is an integer or a string, none with a default. */
const onlyIntegersAndStrings = (schema: TSchema): boolean =>
  Object.values((schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {}).every(
    (inner) => (inner.type === 'integer' || inner.type === 'string') && !('default' in inner),
  );

/** Absent (optional: the schema decides), or decimal digits as an `{id:int}` route of ASP.NET takes them. */
const isIntegerText = (value: unknown) =>
  value === undefined || (typeof value === 'string' && /^[+-]?\d+$/.test(value));

const integerError = (name: string) => ({
  keyword: 'type',
  instancePath: `/${name}`,
  schemaPath: '#',
  params: {},
  message: 'must be an integer',
});

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
};
