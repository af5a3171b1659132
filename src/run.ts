/** The KRM filter: ResourceList text in, ResourceList text out. No I/O here, so tests call it directly. */
import { loadConfig } from './config/load.js';
import type { FailOn } from './config/types.js';
import { origin, readResourceList, sourceOffset, writeResourceList, type ResourceListInput } from './krm/io.js';
import { failsOn, formatResult, isSuppressed, wireResult } from './krm/results.js';
import { LineIndex, normalizeInput, restoreLineEndings, type Position } from './yaml/text.js';
import { FatalError, type Result } from './krm/types.js';
import { ItemError, processItems } from './process.js';

export interface FilterOutcome {
  /** Empty on failure: a partial or empty ResourceList would make kpt delete the package. */
  stdout: string;
  stderr: string[];
  exitCode: 0 | 1;
  results: Result[];
}

export interface FilterOptions {
  /** From `--config FILE`: replaces the ResourceList's functionConfig. */
  config?: unknown;
  /** From `--fail-on`: wins over the config's `spec.check.failOn`. */
  failOn?: FailOn;
  /** Told after each item (the CLI draws it on a terminal). */
  progress?: (done: number, total: number) => void;
}

export function runFilter(stdin: string, opts: FilterOptions = {}): FilterOutcome {
  const { text, crlf } = normalizeInput(stdin);
  let input: ResourceListInput | undefined;
  try {
    input = readResourceList(text);
    const { config, errors } = loadConfig(opts.config !== undefined ? opts.config : input.functionConfig);
    if (errors.length > 0) return failed(errors);
    const processed = processItems(input.items, config, undefined, opts.progress ? { progress: opts.progress } : {});
    const { replacements } = processed;
    // Suppressed findings stay out of the ResourceList: the annotation's reason is the record.
    const results = processed.results.filter((r) => !isSuppressed(r));
    const stdout = restoreLineEndings(writeResourceList(input, replacements, results.map(wireResult)), crlf);
    const stderr = fromKpt(text) ? [] : results.map(formatResult);
    return { stdout, stderr, exitCode: failsOn(results, opts.failOn ?? config.check.failOn) ? 1 : 0, results };
  } catch (e) {
    if (e instanceof ItemError && input) return failed([{ severity: 'error', message: itemErrorMessage(input, e) }]);
    if (e instanceof FatalError) return failed([{ severity: 'error', message: e.message }]);
    throw e;
  }
}

/**
 * kpt prints the results of the ResourceList it gets back, so a copy on stderr would show every
 * result twice; kustomize never shows results, and a plain pipe has only stderr. kpt marks the
 * items it sends with the file each came from (`internal.config.kubernetes.io/path`); kustomize
 * marks them with `kustomize.config.k8s.io/id` instead. On failure (nothing on stdout) kpt shows
 * only stderr, so errors always go there: see failed().
 */
function fromKpt(text: string): boolean {
  // `includes` first: a multi-line regex that fails scans every line of a large list.
  const has = (key: string, line: RegExp) => text.includes(key) && line.test(text);
  return (
    has('internal.config.kubernetes.io/path: ', /(?:^\s+|[{,] *)internal\.config\.kubernetes\.io\/path: /m) &&
    !has('kustomize.config.k8s.io/id: ', /(?:^\s+|[{,] *)kustomize\.config\.k8s\.io\/id: /m)
  );
}

function failed(results: Result[]): FilterOutcome {
  return { stdout: '', stderr: results.map(formatResult), exitCode: 1, results };
}

/**
 * An error inside one item: under kpt the item names the user's file (its path annotation), which
 * is what the message leads with; the ResourceList line follows for the record.
 */
function itemErrorMessage(input: ResourceListInput, e: ItemError): string {
  const pos = itemPosition(input, e);
  const from = origin(input.items[e.index]?.text ?? '');
  if (!from) return new FatalError(e.message, pos).message;
  const where = pos ? ` (line ${pos.line}, column ${pos.col} of the ResourceList it came in)` : '';
  return `${from}: ${e.message.replace(/^items\[\d+\]: /, '')}${where}`;
}

/** Line and column in the whole input of an offset in an item's own (dedented) text. */
function itemPosition(input: ResourceListInput, e: ItemError): Position | undefined {
  const item = input.items[e.index];
  if (!item || e.offset === undefined) return undefined;
  return new LineIndex(input.source).linePos(sourceOffset(input.source, item, e.offset));
}
