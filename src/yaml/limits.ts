/**
 * Input limits (issue 20), in one table: each is a number in SECURITY.md ("Limits") and
 * docs/reference.md, and input past one is refused with an error that names the limit and
 * where it was passed. Each sits far beyond any real manifest and well short of where time,
 * memory or the call stack would give out first.
 */
import { isCollection, isPair, type Node, type YAMLError } from 'yaml';

export const LIMITS = {
  /** Bytes of one input (stdin, or one file): V8's strings end near 512 MiB. */
  inputBytes: 256 * 1024 * 1024,
  /** Documents in one file or stream, items in one ResourceList. */
  documents: 1_000_000,
  /**
   * Collections inside collections, counted from a document or item (fastparse.ts stops at the
   * same depth; `yaml` runs out of stack some 800 levels down and says only that).
   */
  nesting: 200,
  /** Nodes that an item's aliases may expand to (an alias bomb is refused beyond). */
  aliases: 1000,
} as const;

export const NESTING_ERROR = `nesting deeper than ${LIMITS.nesting} levels (the limit for collections inside collections)`;

/** What a `yaml` parse error says about the input: a stack overflow is the nesting limit. */
export function yamlErrorText(err: YAMLError): string {
  if (err.code === 'RESOURCE_EXHAUSTION') return NESTING_ERROR;
  return `malformed YAML: ${err.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`;
}

/**
 * A collection of a parsed document nested deeper than the limit, if any (without recursion:
 * the walk must not overflow where the parse did not). `above`: levels of the document that
 * hold what is measured (a ResourceList's root and `items`) and do not count.
 */
export function tooDeep(root: unknown, above = 0): Node | undefined {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (!isCollection(node)) continue;
    if (depth + 1 > LIMITS.nesting + above) return node;
    for (const item of node.items as unknown[]) {
      if (isPair(item)) stack.push([item.key, depth + 1], [item.value, depth + 1]);
      else stack.push([item, depth + 1]);
    }
  }
  return undefined;
}

/** Bytes past the input limit, said with the name of the input. */
export function tooLarge(name: string, bytes: number): string | undefined {
  if (bytes <= LIMITS.inputBytes) return undefined;
  return `${name}: ${bytes} bytes, more than the limit of ${LIMITS.inputBytes} (${LIMITS.inputBytes / 2 ** 20} MiB) for one input: split it`;
}
