/**
 * POSIX single-quoting: the only way this project embeds a value in shell text.
 * Generated scripts take values as positional parameters instead; use this only where
 * a value really must become text (e.g. a command line shown to a user).
 */
export function shq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
