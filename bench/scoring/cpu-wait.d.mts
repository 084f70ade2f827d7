export declare const cpuWaitNanos: () => number | undefined;
export declare const watchCpuWait: () => () => number | undefined;
export declare const cpuRunNanos: () => number | undefined;
