// Requests are checked by TypeBox, the library that defines the contract. A JSON body is taken exactly as sent,
// as ASP.NET reads it: Ajv's type coercion would turn a null into "" inside a nullable field, so "null keeps the
// stored value" would become "clear it". Path and query strings are converted to the schema's types and defaulted.
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import Value from 'typebox/value';

export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = Compile(schema);
  const fromText = httpPart !== 'body';
  return (data: unknown) => {
    const value = fromText ? Value.Default(schema, Value.Convert(schema, data)) : data;
    return validator.Check(value) ? { value } : { error: [...validator.Errors(value)] };
  };
};
