// The module hooks of no-typescript.mjs: a specifier of tsx's, or one that resolves to a TypeScript file.
export const resolve = async (specifier, context, next) => {
  const resolved = await next(specifier, context);
  if (/^tsx(\/|$)/.test(specifier) || /\.[cm]?tsx?$/.test(new URL(resolved.url).pathname))
    throw new Error(`TypeScript imported: ${specifier}`);
  return resolved;
};
