/**
 * POSIX single-quoting: the only way this project embeds a value in shell text.
 * Generated scripts take values as positional parameters instead; use this only where
 * a value really must become text (e.g. a command line shown to a user).
 */
export function shq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A word for a command line shown to a user: as it is when the shell reads it so, else shq'd. */
export function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : shq(s);
}
