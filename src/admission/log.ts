/**
 * Structured logs of `webhook serve`: one JSON object per line on stderr, for each request on
 * /mutate and each lifecycle event (listening, reloads, shutdown). Fields are plain values the
 * server chose; the pod itself is never logged (it may hold secrets in env values).
 */
export type Level = 'info' | 'warn' | 'error';
export type Fields = Record<string, string | number | boolean | undefined>;
export type Logger = (level: Level, msg: string, fields?: Fields) => void;

/** A logger writing to `write` (stderr by default); `now` is for tests. */
export function jsonLogger(write: (line: string) => void = (l) => process.stderr.write(l), now: () => Date = () => new Date()): Logger {
  return (level, msg, fields = {}) => {
    const line: Fields = { time: now().toISOString(), level, msg };
    for (const k of Object.keys(fields)) if (fields[k] !== undefined) line[k] = fields[k];
    write(JSON.stringify(line) + '\n');
  };
}
