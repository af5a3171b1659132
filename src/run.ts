/** The KRM filter: ResourceList text in, ResourceList text out. No I/O here, so tests call it directly. */
import { loadConfig } from './config/load.js';
import { readResourceList, writeResourceList, type ResourceListInput } from './krm/io.js';
import { formatResult, hasErrors } from './krm/results.js';
import { normalizeInput, restoreLineEndings } from './krm/text.js';
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
}

export function runFilter(stdin: string, opts: FilterOptions = {}): FilterOutcome {
  const { text, crlf } = normalizeInput(stdin);
  let input: ResourceListInput | undefined;
  try {
    input = readResourceList(text);
    const { config, errors } = loadConfig(opts.config !== undefined ? opts.config : input.functionConfig);
    if (errors.length > 0) return failed(errors);
    const { replacements, results } = processItems(input.items, config);
    const stdout = restoreLineEndings(writeResourceList(input, replacements, results), crlf);
    return { stdout, stderr: results.map(formatResult), exitCode: hasErrors(results) ? 1 : 0, results };
  } catch (e) {
    if (e instanceof ItemError && input) return failed([{ severity: 'error', message: new FatalError(e.message, itemPosition(input, e)).message }]);
    if (e instanceof FatalError) return failed([{ severity: 'error', message: e.message }]);
    throw e;
  }
}

function failed(results: Result[]): FilterOutcome {
  return { stdout: '', stderr: results.map(formatResult), exitCode: 1, results };
}

/** Line and column in the whole input of an offset in an item's own (dedented) text. */
function itemPosition(input: ResourceListInput, e: ItemError): { line: number; col: number } | undefined {
  const item = input.items[e.index] as { text: string; start?: number; indent?: number } | undefined;
  if (!item || item.start === undefined || e.offset === undefined) return undefined;
  const before = item.text.slice(0, e.offset).split('\n');
  const firstLine = input.source.slice(0, item.start).split('\n');
  const line = firstLine.length + before.length - 1;
  const col = (before.length === 1 ? firstLine.at(-1)!.length : (item.indent ?? 0)) + before.at(-1)!.length + 1;
  return { line, col };
}
