// The worker thread of render-thread.ts. Workers start without the main thread's TypeScript loader, so this entry
// installs it before importing the worker's code.
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
