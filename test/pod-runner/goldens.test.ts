/**
 * @needs busybox dash bash
 * Every golden's input (fixtures/filter/*), through the filter with its own config at
 * kubernetesVersion 1.28 and 1.30, run as whole pods by the pod runner: the behaviour
 * test/pod-runner/cases.ts `expectSequenced` names, for an app that exits 0 and one that exits 3.
 */
import { describe } from 'vitest';
import { describeRuns, goldenInputs, podCases, VERSIONS } from './cases.js';

const cases = goldenInputs().flatMap((g) => VERSIONS.flatMap((v) => podCases(g.source, g.items, g.fc, v)));

/** The goldens' pods that do not run, each with its reason (cases.ts `cannotRun`, KNOWN). */
const NOT_RUN = [
  // mode: check lints and changes nothing.
  'fixtures/filter/deps-check-mode Deployment/web',
  // The function reports it cannot sequence these and leaves them unchanged (an error finding).
  'fixtures/filter/deps-hostile-annotation Deployment/refused',
  'fixtures/filter/job-missing-entrypoint Job/no-command',
  'fixtures/filter/job-missing-entrypoint Job/bad-annotation',
  'fixtures/filter/mesh-kuma Job/seed',
  // The pod turns Consul's proxy lifecycle off: nothing can end consul-dataplane, and the function says so.
  'fixtures/filter/mesh-consul-classic Job/no-lifecycle',
  'fixtures/filter/native-back-to-post-start Deployment/web',
  // cloud-sql-proxy 2.0.0 has no quit endpoint: on 1.28 nothing can end it, and the function says so.
  'fixtures/filter/cloud-sql-proxy-releases Job/migrate-2-0',
  // An https dependency outside the pod: the runner stands in for http and tcp ones only.
  'fixtures/filter/deps-types-image StatefulSet/ledger',
  // KNOWN: Knative admits nothing that holds the app until its sidecar is ready.
  'fixtures/filter/kinds-mpi-keda-knative Service/web spec.template',
  // KNOWN: two apps ending one classic sidecar, a documented limit whose wait takes 30 s.
  'fixtures/filter/job-generic-two-apps Job/export',
  // Signal shutdown kills the sidecar by its process name, which needs its real process.
  'fixtures/filter/job-signal Job/legacy',
];

describe('goldens run as pods', () => describeRuns(cases, NOT_RUN));
