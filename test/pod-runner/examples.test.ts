/**
 * @needs busybox dash bash
 * Every example (examples/*), through the filter at kubernetesVersion 1.28 and 1.30, run as a
 * whole pod by the pod runner (test/helpers/pod-runner/): each app runs only after its sidecars
 * are ready and its dependencies up, a run-to-completion pod completes with the app's exit code
 * (0, and 3 for a failing app), and each sidecar is asked to quit once. The shell that plays `sh`
 * rotates over dash, bash and busybox sh.
 */
import { describe, expect, it } from 'vitest';
import { runPod } from '../helpers/pod-runner/index.js';
import { cannotRun, exampleInputs, expectSequenced, podCases, pool, SHELL_NAMES, VERSIONS, type PodCase } from './cases.js';

const cases: PodCase[] = exampleInputs().flatMap((e) => VERSIONS.flatMap((v) => podCases(e.source, e.items, e.fc, v)));

describe('examples run as pods', () => {
  it('has pods to run; those it cannot run are named with the reason', () => {
    expect(cases.filter((c) => !cannotRun(c)).length).toBeGreaterThan(8);
    for (const c of cases) if (cannotRun(c)) console.info(`not run: ${c.id}: ${cannotRun(c)}`);
  });

  for (const code of [0, 3]) {
    it(`every example pod behaves (app exits ${code})`, async () => {
      const failures: string[] = [];
      await pool(cases, 4, async (c, i) => {
        if (cannotRun(c)) return;
        const shell = SHELL_NAMES[i % SHELL_NAMES.length]!;
        try {
          const run = await runPod(c.pod, c.meta, { shell, apps: c.apps, appExitCode: code, sidecars: c.sidecars, dependencies: c.dependencies });
          expectSequenced(c, run, code);
        } catch (e) {
          failures.push(`[${shell}] ${(e as Error).message}`);
        }
      });
      expect(failures, failures.join('\n\n')).toEqual([]);
    });
  }
});
