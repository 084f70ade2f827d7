export * from './enums.ts';
export * from './models/info.ts';
export * from './route.ts';
export { routes } from './routes/index.ts';
export * from './schema.ts';
