import type { FailOn } from './config/types.js';
import { type Result } from './krm/types.js';
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
export declare function runFilter(stdin: string, opts?: FilterOptions): FilterOutcome;
