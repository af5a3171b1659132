/** What audit says about input it cannot read. */

/** Bad input: one line naming the input, where in it, and what to do. */
export class InputError extends Error {}

/** How to take a dump again, said in errors. */
export const TAKE_AGAIN =
  'take the dump again: kubectl get pods,jobs,cronjobs,deployments,statefulsets,daemonsets,nodes,mutatingwebhookconfigurations -A -o json > dump.json';

/**
 * Where a JSON text first goes wrong, for the message only (JSON.parse has refused it): a scan
 * of its tokens with an explicit stack, so that no nesting depth can overflow the call stack.
 */
export function firstJsonError(text: string, start = 0): number {
  let i = start;
  const stack: ('{' | '[')[] = [];
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const string = (): boolean => {
    if (text[i] !== '"') return false;
    for (i++; i < text.length; i++) {
      const c = text[i]!;
      if (c === '\\') i++;
      else if (c === '"') return ++i > 0;
      else if (c < ' ') return false;
    }
    return false;
  };
  const scalar = (): boolean => {
    const m = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!m) return false;
    i += m[0].length;
    return true;
  };
  for (;;) {
    ws();
    // A value.
    if (text[i] === '{' || text[i] === '[') {
      stack.push(text[i] as '{' | '[');
      i++;
      ws();
      if (text[i] === (stack.at(-1) === '{' ? '}' : ']')) {
        stack.pop();
        i++;
      } else if (stack.at(-1) === '{') {
        if (!string()) return i;
        ws();
        if (text[i++] !== ':') return i - 1;
        continue;
      } else continue;
    } else if (!(text[i] === '"' ? string() : scalar())) return i;
    // After a value: a comma, a close, or the end.
    for (;;) {
      ws();
      if (stack.length === 0) return i;
      const close = stack.at(-1) === '{' ? '}' : ']';
      if (text[i] === close) {
        stack.pop();
        i++;
        continue;
      }
      if (text[i] !== ',') return i;
      i++;
      if (stack.at(-1) === '{') {
        ws();
        if (!string()) return i;
        ws();
        if (text[i++] !== ':') return i - 1;
      }
      break;
    }
  }
}
