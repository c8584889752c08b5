import pino from 'pino';
import { requestLogFields } from './observability/request-store';

/**
 * `json`: one JSON object per line — level (label), time (ISO 8601), msg, and while an HTTP request runs its requestId
 * and companyId; the access line adds method, route, status and latencyMs.
 * `pretty`: one readable line per record, for a developer's terminal.
 * LOG_FORMAT=json|pretty decides; unset: JSON in production (NODE_ENV=production) and whenever stdout is not a
 * terminal (compose, CI, a pipe to a collector), pretty in a terminal (`npm start` on a newcomer's machine).
 */
export type LogFormat = 'json' | 'pretty';

export function logFormatOf(v: string | undefined, where: { production?: boolean; tty?: boolean } = {}): LogFormat {
  const asked = v?.trim().toLowerCase();
  if (asked === 'pretty' || asked === 'json') return asked;
  return !where.production && where.tty ? 'pretty' : 'json';
}

const LEVEL_TAG: Record<string, string> = {
  trace: 'TRACE',
  debug: 'DEBUG',
  info: 'INFO ',
  warn: 'WARN ',
  error: 'ERROR',
  fatal: 'FATAL',
};

/** a JSON line of this logger as one readable line: `time LEVEL msg key=value …` */
export function prettyLine(json: string): string {
  try {
    const { time, level, msg, err, ...rest } = JSON.parse(json) as Record<string, unknown>;
    const fields = Object.entries(rest)
      .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(' ');
    const e = err && typeof err === 'object' ? `\n  ${(err as { stack?: string }).stack ?? JSON.stringify(err)}` : '';
    return `${String(time).slice(11, 23)} ${LEVEL_TAG[String(level)] ?? level} ${msg ?? ''}${fields ? ` ${fields}` : ''}${e}\n`;
  } catch {
    return json;
  }
}

export function createLogger(opts: {
  level: string;
  format: LogFormat;
  /** where lines go (default stdout) */
  destination?: { write(line: string): void };
}): pino.Logger {
  const dest =
    opts.format === 'pretty'
      ? { write: (line: string) => (opts.destination ?? process.stdout).write(prettyLine(line)) }
      : opts.destination;
  const options: pino.LoggerOptions = {
    level: opts.level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // the request's id and company on every line written while it runs
    mixin: () => requestLogFields(),
  };
  return dest ? pino(options, dest) : pino(options);
}

export const log = createLogger({
  level:
    process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' || process.env.BUN_ENV === 'test' ? 'silent' : 'info'),
  format: logFormatOf(process.env.LOG_FORMAT, {
    production: process.env.NODE_ENV === 'production',
    tty: Boolean(process.stdout.isTTY),
  }),
});
