// The build this client comes from, fixed when it was built (vite/build-info.ts).
import type { BuildInfo } from '../vite/build-info.ts';

declare const __PENNON_BUILD__: BuildInfo;

export type { BuildInfo };

export const BUILD_INFO: BuildInfo = __PENNON_BUILD__;
