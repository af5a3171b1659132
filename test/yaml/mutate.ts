/** Deterministic small edits of YAML text, to fuzz the fast paths against yaml. */

import { rng } from '../../bench/prng.mjs';

const INSERTS = [
  ' ',
  '  ',
  '-',
  '- ',
  ':',
  ': ',
  '#',
  ' #',
  '"',
  "'",
  '{',
  '}',
  '[',
  ']',
  ',',
  '\n',
  '\t',
  '\r',
  '&a ',
  '*a',
  '!',
  '|',
  '>',
  '%',
  '?',
  '---',
  '...',
  'x',
  '0',
  '~',
  '\ufeff',
  '\\',
];

/** `text` with `n` random edits: characters inserted or deleted, lines duplicated, dropped, swapped or re-indented. */
export function mutate(text: string, seed: number, n: number): string {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  let s = text;
  for (let k = 0; k < n; k++) {
    const lines = s.split('\n');
    const li = Math.floor(r() * lines.length);
    switch (Math.floor(r() * 7)) {
      case 0: {
        const at = Math.floor(r() * (s.length + 1));
        s = s.slice(0, at) + pick(INSERTS) + s.slice(at);
        break;
      }
      case 1: {
        const at = Math.floor(r() * s.length);
        s = s.slice(0, at) + s.slice(at + 1 + Math.floor(r() * 3));
        break;
      }
      case 2:
        lines.splice(li, 0, lines[li]!);
        s = lines.join('\n');
        break;
      case 3:
        lines.splice(li, 1);
        s = lines.join('\n');
        break;
      case 4: {
        const lj = Math.floor(r() * lines.length);
        [lines[li], lines[lj]] = [lines[lj]!, lines[li]!];
        s = lines.join('\n');
        break;
      }
      case 5:
        lines[li] = ' '.repeat(1 + Math.floor(r() * 4)) + lines[li];
        s = lines.join('\n');
        break;
      default:
        lines[li] = lines[li]!.replace(/^ {1,4}/, '');
        s = lines.join('\n');
    }
  }
  return s;
}
