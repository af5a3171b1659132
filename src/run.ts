/** The KRM filter: ResourceList text in, ResourceList text out. No I/O here, so tests call it directly. */
import { loadConfig } from './config/load.js';
import { readResourceList, writeResourceList } from './krm/io.js';
import { formatResult, hasErrors } from './krm/results.js';
import { FatalError, type Result } from './krm/types.js';
import { processItems } from './process.js';

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
  try {
    const input = readResourceList(stdin);
    const { config, errors } = loadConfig(opts.config !== undefined ? opts.config : input.functionConfig);
    if (errors.length > 0) return failed(errors);
    const { replacements, results } = processItems(input.items, config);
    const stdout = writeResourceList(input, replacements, results);
    return { stdout, stderr: results.map(formatResult), exitCode: hasErrors(results) ? 1 : 0, results };
  } catch (e) {
    if (e instanceof FatalError) return failed([{ severity: 'error', message: e.message }]);
    throw e;
  }
}

function failed(results: Result[]): FilterOutcome {
  return { stdout: '', stderr: results.map(formatResult), exitCode: 1, results };
}
