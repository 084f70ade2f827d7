// One line per event on stderr: time, level, event name, then key=value fields.
export type LogValue = string | number | boolean | null | undefined;
export type LogFields = Record<string, LogValue>;

export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

export interface LoggerOptions {
  /** Drop `info` lines; warnings and errors are still written. */
  quiet?: boolean;
  write?: (line: string) => void;
}

const formatValue = (value: LogValue): string => {
  const text = String(value);
  return /^[^\s"=]+$/.test(text) ? text : JSON.stringify(text);
};

export const formatLine = (level: string, event: string, fields: LogFields = {}): string => {
  const parts = [new Date().toISOString(), level, event];
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) parts.push(`${key}=${formatValue(value)}`);
  }
  return `${parts.join(' ')}\n`;
};

export const createLogger = ({ quiet = false, write }: LoggerOptions = {}): Logger => {
  const out = write ?? ((line: string) => void process.stderr.write(line));
  return {
    info: (event, fields) => {
      if (!quiet) out(formatLine('info', event, fields));
    },
    warn: (event, fields) => out(formatLine('warn', event, fields)),
    error: (event, fields) => out(formatLine('error', event, fields)),
  };
};

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
