/** @uses busybox */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import {
  chain,
  dependencyWait,
  parseDependencyWait,
  parseHook,
  parseWrapper,
  postStartWait,
  parseToolsInstall,
  sharedWrapper,
  shellPrefix,
  shq,
  toolsInstall,
  wrapperCommand,
  type ShellEnv,
  type WrapperSpec,
} from '../../src/shell/index.js';
import { dependencyScript, hookChainScript, hookWaitScript, SHARED_WRAP_CALL, toolsScript, wrapScript } from '../../src/shell/scripts.js';
import { BUSYBOX, NASTY } from './harness.js';
import { canUse } from '../helpers/tools.js';

/** The shells the scripts are checked under; busybox only where the machine has it (see test/helpers/tools.ts). */
const withBusybox = canUse('busybox');

const inject: ShellEnv = { delivery: 'inject', toolsDir: '/.seq' };
const image: ShellEnv = { delivery: 'image', toolsDir: '/.seq' };

/** Every script the builders can compose, by a name that says what it was composed for. */
function allScripts(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of ['inject', 'image'] as const) {
    for (const k of ['http', 'tcp', 'dns']) {
      out[`dependency ${d} ${k}`] = dependencyScript(d, k);
      out[`hook ${d} ${k}`] = hookWaitScript(d, k);
    }
    out[`chain ${d}`] = hookChainScript(d);
    out[`tools ${d}`] = toolsScript();
    for (const mode of ['exec', 'job'] as const)
      for (const kinds of [[], ['http'], ['tcp'], ['http', 'tcp']])
        for (const shutdown of [false, true])
          for (const post of shutdown ? [false, true] : [false])
            for (const kill of [false, true]) {
              const shape = { mode, kinds, shutdown, post, kill };
              out[`wrap ${d} ${JSON.stringify(shape)}`] = wrapScript(d, shape);
            }
    // quit calls with a header from the environment and/or retries (job mode only)
    for (const kinds of [[], ['http'], ['tcp'], ['http', 'tcp']])
      for (const [header, retry, post] of [
        [true, true, true],
        [true, false, false],
        [false, true, false],
      ]) {
        const shape = { mode: 'job' as const, kinds, shutdown: true, post, header, retry, kill: false };
        out[`wrap ${d} ${JSON.stringify(shape)}`] = wrapScript(d, shape);
      }
  }
  return out;
}
const SCRIPTS = allScripts();

const jobSpec: WrapperSpec = {
  mode: 'job',
  checks: [
    { name: 'istio-proxy', http: 'http://127.0.0.1:15021/healthz/ready', timeoutSeconds: 120, onTimeout: 'fail' },
    { name: 'db', tcp: '[::1]:5432', timeoutSeconds: 0, onTimeout: 'continue' },
  ],
  shutdown: [
    { name: 'istio-proxy', http: 'http://127.0.0.1:15020/quitquitquit', method: 'POST' },
    { name: 'cloud-sql-proxy', http: 'http://localhost:9091/quitquitquit', method: 'GET' },
  ],
  shutdownOn: 'always',
  argv: ['/app/migrate', '--', 'R', 'S', '', ...NASTY],
};

describe('shq', () => {
  test.each(NASTY)('round-trips %j through sh', (s) => {
    for (const sh of ['dash', 'bash', ...(withBusybox ? [BUSYBOX] : [])]) {
      const args = sh === BUSYBOX ? ['sh', '-c', `printf %s ${shq(s)}`] : ['-c', `printf %s ${shq(s)}`];
      expect(spawnSync(sh, args).stdout.toString()).toBe(s);
    }
  });
  test('quotes quotes', () => {
    expect(shq("it's")).toBe("'it'\\''s'");
    expect(shq('')).toBe("''");
  });
});

describe('command shape', () => {
  test('shellPrefix', () => {
    expect(shellPrefix(inject)).toEqual(['/.seq/busybox', 'sh', '-c']);
    expect(shellPrefix({ delivery: 'inject', toolsDir: '/tools/' })).toEqual(['/tools/busybox', 'sh', '-c']);
    expect(shellPrefix(image)).toEqual(['sh', '-c']);
  });

  test('values travel as parameters after the marker and busybox path', () => {
    const cmd = wrapperCommand(jobSpec, inject);
    expect(cmd.slice(0, 3)).toEqual(['/.seq/busybox', 'sh', '-c']);
    expect(cmd[3]).toBe(wrapScript('inject', { mode: 'job', kinds: ['http', 'tcp'], shutdown: true, post: true, kill: false }));
    expect(cmd.slice(4)).toEqual([
      'pod-sequencer-wrap',
      '/.seq/busybox',
      'job',
      'always',
      ...['ready', 'http', 'http://127.0.0.1:15021/healthz/ready', '120', 'fail', 'istio-proxy'],
      ...['ready', 'tcp', '[::1]:5432', '0', 'continue', 'db'],
      ...['quit', 'POST', 'http://127.0.0.1:15020/quitquitquit', 'istio-proxy'],
      ...['quit', 'GET', 'http://localhost:9091/quitquitquit', 'cloud-sql-proxy'],
      '--',
      ...jobSpec.argv,
    ]);
    const imageScript = wrapScript('image', { mode: 'job', kinds: ['http', 'tcp'], shutdown: true, post: true, kill: false });
    expect(wrapperCommand(jobSpec, image).slice(0, 5)).toEqual(['sh', '-c', imageScript, 'pod-sequencer-wrap', '']);
    expect(dependencyWait({ name: 'db', dns: 'db.prod', timeoutSeconds: 300, periodSeconds: 0 }, image).slice(3)).toEqual([
      'pod-sequencer-wait',
      '',
      'db',
      'dns',
      'db.prod',
      '300',
      '1',
    ]);
  });

  test('rejects what the scripts could not run', () => {
    const check = { name: 'x', http: 'http://a/', timeoutSeconds: 1, onTimeout: 'fail' as const };
    expect(() => postStartWait({ ...check, timeoutSeconds: 1.5 }, inject)).toThrow(/whole number/);
    expect(() => postStartWait({ ...check, timeoutSeconds: -1 }, inject)).toThrow(/whole number/);
    expect(() => postStartWait({ ...check, tcp: 'a:1' }, inject)).toThrow(/exactly one/);
    expect(() => dependencyWait({ name: 'x', timeoutSeconds: 1, periodSeconds: 1 }, inject)).toThrow(/exactly one/);
    // An empty argv is not refused: the container's args are then the whole command.
    expect(wrapperCommand({ ...jobSpec, argv: [] }, inject).at(-1)).toBe('--');
    expect(() => chain([], ['x'], inject)).toThrow(/wait command/);
  });

  test('scripts are clean POSIX sh text that YAML keeps as a literal block', () => {
    for (const [name, script] of Object.entries(SCRIPTS)) {
      for (const [sh, args] of [['dash', ['-n']], ['bash', ['--posix', '-n']], ...(withBusybox ? [[BUSYBOX, ['sh', '-n']] as const] : [])] as const) {
        const r = spawnSync(sh, [...args], { input: script });
        expect(r.status, `${name} under ${sh}: ${r.stderr}`).toBe(0);
      }
      expect(script, name).not.toMatch(/\t|[ \t]$|\\\$\{|`/m);
      // every variable is _-prefixed so none collides with the container's environment
      expect(script.match(/^\s*[A-Za-z]\w*=/gm), name).toBeNull();
      const code = script.replace(/^\s*#.*$/gm, '');
      expect(code.match(/(^|\s)(local|function)\s|pipefail|\[\[\s|\$SECONDS|\$RANDOM/), name).toBeNull();
    }
    // yaml folds (">") any block with a line longer than its width minus the indent; short
    // lines keep the scripts literal ("|") and readable even as deep as a CronJob's command
    for (const [name, script] of Object.entries(SCRIPTS)) {
      expect(Math.max(...script.split('\n').map((l) => l.length)), name).toBeLessThanOrEqual(60);
    }
    const cmd = wrapperCommand({ ...jobSpec, argv: ['/app/migrate'] }, inject);
    const container = { name: 'migrate', image: 'x', command: cmd, args: ['--all'] };
    const cronJob = { spec: { jobTemplate: { spec: { template: { spec: { containers: [container] } } } } } };
    const text = stringify(cronJob);
    expect(text).toMatch(/ - \|\n +# pod-sequencer \d+\.\d+\.\d+/);
    expect(parse(text)).toEqual(cronJob);
  }, 300_000); // a hang guard only: a few dozen `sh -n` runs, one at a time, took over 60 s on a loaded 2-core box
});

describe('composition', () => {
  const words = (code: string, re: RegExp) => [...code.matchAll(re)].map((m) => m.slice(1).find(Boolean)!);

  test('each script defines exactly the functions it calls', () => {
    for (const [name, script] of Object.entries(SCRIPTS)) {
      const code = script.replace(/^\s*#.*$/gm, '');
      const variables = new Set(words(code, /(?:^|[\s;(])(_[A-Za-z]\w*)=|\b(?:read -r|for) (_\w+)/gm));
      const defined = words(code, /^(_\w+)\(\)/gm);
      const named = new Set(words(code, /(?<![\w$])(_[A-Za-z]\w*)/g).filter((w) => !variables.has(w)));
      expect([...named].sort(), `${name}: calls what it does not define`).toEqual([...defined].sort());
      for (const fn of defined) {
        const uses = code.match(new RegExp(`(?<![\\w$])${fn}(?![\\w(])`, 'g')) ?? [];
        expect(uses.length, `${name}: ${fn} is never called`).toBeGreaterThan(0);
      }
      expect(script, name).not.toMatch(/\{(bb|kind)\}/);
    }
  });

  test('inject mode runs every tool through the injected busybox; image mode never needs it', () => {
    for (const [name, script] of Object.entries(SCRIPTS)) {
      const code = script.replace(/^\s*#.*$/gm, '');
      if (name.includes(' image')) {
        expect(code, name).not.toContain('_bb');
        continue;
      }
      expect(code.match(/(?<!"\$_bb" )\b(wget|nc|date|sleep|timeout|true|curl|getent|nslookup|bash)\b/g), name).toBeNull();
      expect(code.includes('"$_bb"'), name).toBe(code.includes('_bb=$1\n'));
    }
  });

  test('a script holds only what its command needs', () => {
    const http = { name: 'envoy', http: 'http://127.0.0.1:9901/ready', timeoutSeconds: 60, onTimeout: 'fail' as const };
    const hook = postStartWait(http, inject)[3];
    expect(hook).toContain('wget');
    for (const absent of ['curl', '_tcp', '_dns', '_nc', '_has', '_each', 'POST', '_start', '_inj']) expect(hook, absent).not.toContain(absent);
    const tcp = dependencyWait({ name: 'db', tcp: 'db:5432', timeoutSeconds: 60, periodSeconds: 2 }, image)[2];
    for (const absent of ['wget', '_http', '_dns', 'getent', '_bb']) expect(tcp, absent).not.toContain(absent);
    const job = (more: Partial<WrapperSpec>) => wrapperCommand({ ...jobSpec, checks: [], shutdown: [], ...more }, inject)[3];
    const quitOnly = job({ shutdown: [jobSpec.shutdown[1]] });
    for (const absent of ['_ready', '_await', '_tcp', '_kill', 'post-data']) expect(quitOnly, absent).not.toContain(absent);
    const waitOnly = job({ checks: [jobSpec.checks[1]] });
    for (const absent of ['_quit', '_when', 'wget', 'not shutting']) expect(waitOnly, absent).not.toContain(absent);
    const exec = wrapperCommand({ ...jobSpec, mode: 'exec', checks: [jobSpec.checks[0]] }, inject)[3];
    for (const absent of ['_start', '_child', '_quit', '_rc', '_tcp']) expect(exec, absent).not.toContain(absent);
  });

  test('stays short', () => {
    const lines = (cmd: string[]) => cmd.find((s) => s.startsWith('# pod-sequencer '))!.split('\n').length - 1;
    const http = { name: 'envoy', http: 'http://127.0.0.1:9901/ready', timeoutSeconds: 60, onTimeout: 'fail' as const };
    expect(lines(postStartWait(http, inject, ['/bin/hook']))).toBeLessThanOrEqual(65);
    const sidecar: WrapperSpec = { ...jobSpec, checks: [jobSpec.checks[0]], shutdown: [jobSpec.shutdown[0]] };
    expect(lines(wrapperCommand(sidecar, inject))).toBeLessThanOrEqual(155);
  });
});

describe('commands of the previous version, whose scripts held the whole library', () => {
  const old = JSON.parse(readFileSync(new URL('./untrimmed-commands.json', import.meta.url), 'utf8')) as Record<string, string[]>;
  const script = (cmd: string[]) => cmd.findIndex((s) => s.startsWith('# pod-sequencer'));
  const params = (cmd: string[]) => cmd.filter((_s, i) => i !== script(cmd));
  const oldCheck = { name: 'envoy', http: 'http://127.0.0.1:9901/ready', timeoutSeconds: 120, onTimeout: 'fail' as const };

  test('are what they say', () => {
    const lines = (cmd: string[]) => cmd[script(cmd)].split('\n').length;
    expect([old.postStartWait, old.dependencyWait, old.wrapperCommand, old.chain].map(lines)).toEqual([188, 187, 281, 28]);
  });

  test('are recognised by parse*', () => {
    expect(parseHook(old.postStartWait)).toEqual({ then: ['/bin/hook', '--', ''] });
    expect(parseHook(old.chain)).toEqual({ then: ['/bin/hook', 'a b'] });
    expect(parseDependencyWait(old.dependencyWait)).toEqual({
      dep: { name: 'db', dns: 'db.prod', timeoutSeconds: 300, periodSeconds: 2 },
      env: { delivery: 'inject', toolsDir: '/bin' },
    });
    expect(parseWrapper(old.wrapperCommand)?.spec).toEqual({
      mode: 'job',
      checks: [jobSpec.checks[0], { name: 'db', tcp: '[::1]:5432', timeoutSeconds: 0, onTimeout: 'continue' }],
      shutdown: [jobSpec.shutdown[0]],
      shutdownOn: 'always',
      argv: ['/app/migrate', '--', 'R'],
    });
  });

  test('rebuilt from what parse* found, differ only in their (much shorter) script', () => {
    const dep = parseDependencyWait(old.dependencyWait)!;
    const wrap = parseWrapper(old.wrapperCommand)!;
    const rebuilt: [string[], string[]][] = [
      [old.postStartWait, postStartWait(oldCheck, inject, parseHook(old.postStartWait)!.then)],
      [old.chain, chain(['pilot-agent', 'wait'], parseHook(old.chain)!.then!, image)],
      [old.dependencyWait, dependencyWait(dep.dep, dep.env)],
      [old.wrapperCommand, wrapperCommand(wrap.spec, wrap.env)],
    ];
    // Their one-letter records (R, S, K) are now written as words.
    const named = (cmd: string[]) =>
      cmd.map((w, i) => (i < cmd.indexOf('--') ? (({ R: 'ready', S: 'quit', K: 'kill' } as Record<string, string>)[w] ?? w) : w));
    for (const [was, now] of rebuilt) {
      expect(params(now)).toEqual(named(params(was)));
      expect(script(now)).toBe(script(was));
      // (the header that says what wrote the script and why aside)
      const body = (text: string) => text.replace(/^(#.*\n)+/, '');
      expect(body(now[script(now)]).length).toBeLessThan(body(was[script(was)]).length);
    }
  });
});

describe('parseWrapper', () => {
  test.each([
    ['job, inject', jobSpec, inject],
    ['job, image', jobSpec, image],
    ['exec, no checks', { ...jobSpec, mode: 'exec', checks: [], shutdown: [], shutdownOn: 'success' }, inject],
    ['other toolsDir', jobSpec, { delivery: 'inject', toolsDir: '/opt/x' }],
  ] as [string, WrapperSpec, ShellEnv][])('round-trips %s', (_name, spec, env) => {
    expect(parseWrapper(wrapperCommand(spec, env))).toEqual({ spec, env });
  });

  test('exec mode carries no shutdown calls', () => {
    const parsed = parseWrapper(wrapperCommand({ ...jobSpec, mode: 'exec' }, inject));
    expect(parsed?.spec.shutdown).toEqual([]);
    expect(parsed?.spec.checks).toEqual(jobSpec.checks);
  });

  test('recognises wrappers whose script text came from another version', () => {
    const cmd = wrapperCommand(jobSpec, inject);
    cmd[3] = 'echo older script';
    expect(parseWrapper(cmd)?.spec).toEqual(jobSpec);
  });

  test('reads the one-letter records of 0.1.0 (R, S, K) as ready, quit and kill', () => {
    const spec: WrapperSpec = { ...jobSpec, kill: [{ name: 'proxy', process: 'envoy' }] };
    const cmd = wrapperCommand(spec, inject);
    const dash = cmd.indexOf('--');
    const old = cmd.map((w, i) => (i < dash ? (({ ready: 'R', quit: 'S', kill: 'K' } as Record<string, string>)[w] ?? w) : w));
    expect(old.slice(0, dash)).toContain('R');
    expect(old.slice(0, dash)).not.toContain('ready');
    expect(parseWrapper(old)?.spec).toEqual(spec);
  });

  test('returns null for anything else', () => {
    const good = wrapperCommand(jobSpec, inject);
    const cases: string[][] = [
      [],
      ['/app/run'],
      ['sh', '-c', 'echo hi'],
      ['sh', '-c', 'echo hi', 'pod-sequencer-wrap'],
      ['bash', '-c', good[3], 'pod-sequencer-wrap', '', 'job', 'always', '--', 'x'],
      postStartWait(jobSpec.checks[0], inject, ['x']),
      dependencyWait({ name: 'x', dns: 'x', timeoutSeconds: 1, periodSeconds: 1 }, inject),
      good.slice(0, good.indexOf('--')),
      good.map((s) => (s === 'fail' ? 'maybe' : s)),
      good.map((s) => (s === 'POST' ? 'PUT' : s)),
      good.map((s) => (s === '120' ? '1.5' : s)),
      good.map((s, i) => (i === 5 ? '/other/busybox' : s)),
      ['/.seq/busybox', 'sh', '-c', good[3], 'pod-sequencer-wrap', '/.seq/busybox', 'job', 'always', 'R', 'http', 'u', '--'],
    ];
    for (const c of cases) expect(parseWrapper(c), JSON.stringify(c.slice(4))).toBeNull();
  });
});

describe('quit calls with a header from the environment and retries', () => {
  const dapr: WrapperSpec = {
    ...jobSpec,
    checks: [],
    shutdown: [
      { name: 'daprd', http: 'http://127.0.0.1:3500/v1.0/shutdown', method: 'POST', header: { name: 'dapr-api-token', fromEnv: 'DAPR_API_TOKEN' } },
      { name: 'vault-agent', http: 'http://127.0.0.1:8200/agent/v1/quit', method: 'POST', attempts: 5 },
      { name: 'both', http: 'http://127.0.0.1:1/q', method: 'GET', header: { name: 'x_h', fromEnv: 'T0' }, attempts: 2 },
    ],
  };

  test('go before their quit record as header and tries records', () => {
    const cmd = wrapperCommand(dapr, inject);
    expect(cmd.slice(7, cmd.indexOf('--'))).toEqual([
      'always',
      ...['header', 'dapr-api-token', 'DAPR_API_TOKEN', 'quit', 'POST', 'http://127.0.0.1:3500/v1.0/shutdown', 'daprd'],
      ...['tries', '5', 'quit', 'POST', 'http://127.0.0.1:8200/agent/v1/quit', 'vault-agent'],
      ...['header', 'x_h', 'T0', 'tries', '2', 'quit', 'GET', 'http://127.0.0.1:1/q', 'both'],
    ]);
    // the variable's value is read at run time: only its name is in the manifest
    expect(cmd[3]).toContain('_hval');
    expect(wrapperCommand({ ...dapr, shutdown: [dapr.shutdown[1]] }, inject)[3]).not.toContain('_hval');
    expect(wrapperCommand({ ...dapr, shutdown: [dapr.shutdown[0]] }, inject)[3]).not.toContain('_qn');
    // one attempt is the default: no tries record
    expect(wrapperCommand({ ...dapr, shutdown: [{ ...dapr.shutdown[1], attempts: 1 }] }, inject)).not.toContain('tries');
  });

  test('round-trip through parseWrapper, in both deliveries', () => {
    for (const env of [inject, image]) expect(parseWrapper(wrapperCommand(dapr, env))).toEqual({ spec: dapr, env });
  });

  test('builders refuse what the script could not send', () => {
    const call = dapr.shutdown[0];
    const bad = (s: Partial<(typeof dapr.shutdown)[0]>) => () => wrapperCommand({ ...dapr, shutdown: [{ ...call, ...s }] }, inject);
    expect(bad({ header: { name: 'x: y', fromEnv: 'T' } })).toThrow(/shutdown header of daprd: "x: y" is not a header name/);
    expect(bad({ header: { name: '', fromEnv: 'T' } })).toThrow(/not a header name/);
    for (const fromEnv of ['_T', '1T', 'T-1', 'T;id', '']) expect(bad({ header: { name: 'h', fromEnv } }), fromEnv).toThrow(/not an environment variable name/);
    for (const attempts of [0, -1, 1.5]) expect(bad({ attempts }), String(attempts)).toThrow(/attempts of daprd must be a whole number >= 1/);
  });

  test('parseWrapper refuses header and tries records that are malformed or apply to no quit record', () => {
    const good = wrapperCommand(dapr, inject);
    const at = (tag: string) => good.indexOf(tag);
    const cases: string[][] = [
      // a header record before a ready record, or with nothing after it
      [...good.slice(0, 8), 'header', 'h', 'T', 'ready', 'http', 'http://a/', '1', 'fail', 'x', '--'],
      [...good.slice(0, 8), 'tries', '3', '--'],
      // twice for one quit record
      [...good.slice(0, at('header')), 'header', 'h', 'T', ...good.slice(at('header'))],
      [...good.slice(0, at('tries')), 'tries', '3', ...good.slice(at('tries'))],
      good.map((w) => (w === 'DAPR_API_TOKEN' ? 'A;B' : w)),
      good.map((w) => (w === 'dapr-api-token' ? 'a b' : w)),
      good.map((w) => (w === '5' ? 'five' : w)),
      good.map((w) => (w === '5' ? '0' : w)),
    ];
    for (const c of cases) expect(parseWrapper(c), JSON.stringify(c.slice(6))).toBeNull();
  });
});

describe('shared form (inject delivery: one wrapper per pod, in the tools volume)', () => {
  test('the command carries a one-line call and the same parameters as the inline form', () => {
    const inline = wrapperCommand(jobSpec, inject);
    const shared = wrapperCommand(jobSpec, inject, 'shared');
    expect(shared[3]).toBe(SHARED_WRAP_CALL);
    expect(shared[3]).toBe('. "${1%/*}/wrap.sh"');
    expect(shared.filter((_w, i) => i !== 3)).toEqual(inline.filter((_w, i) => i !== 3));
    // image delivery has no tools volume: always inline
    expect(wrapperCommand(jobSpec, image, 'shared')).toEqual(wrapperCommand(jobSpec, image));
  });

  test('parseWrapper reads both forms and says which', () => {
    expect(parseWrapper(wrapperCommand(jobSpec, inject, 'shared'))).toEqual({ spec: jobSpec, env: inject, shared: true });
    expect(parseWrapper(wrapperCommand(jobSpec, inject))).toEqual({ spec: jobSpec, env: inject });
  });

  test('sharedWrapper holds the union of what the specs need, and only that', () => {
    const quitOnly: WrapperSpec = { ...jobSpec, checks: [], shutdown: [jobSpec.shutdown[1]] };
    const tcpOnly: WrapperSpec = { ...jobSpec, checks: [jobSpec.checks[1]], shutdown: [] };
    const both = sharedWrapper([quitOnly, tcpOnly]);
    for (const fn of ['_quit', '_tcp', '_ready']) expect(both, fn).toContain(`${fn}()`);
    for (const fn of ['_kill', '_hval', 'post-data']) expect(both, fn).not.toContain(fn);
    expect(sharedWrapper([quitOnly])).not.toContain('_tcp()');
    expect(sharedWrapper([jobSpec])).toBe(wrapScript('inject', { mode: 'job', kinds: ['http', 'tcp'], shutdown: true, post: true, kill: false }, true));
    expect(() => sharedWrapper([jobSpec, { ...jobSpec, mode: 'exec' }])).toThrow(/all of one mode/);
    expect(() => sharedWrapper([])).toThrow(/all of one mode/);
  });

  test('toolsInstall: the script is fixed text; busybox, directory and wrapper are parameters; parseToolsInstall reads them back', () => {
    const wrapper = sharedWrapper([jobSpec]);
    const cmd = toolsInstall('/bin/busybox', '/.seq/', wrapper);
    expect(cmd).toEqual(['/bin/busybox', 'sh', '-c', toolsScript(), 'pod-sequencer-tools', '/bin/busybox', '/.seq', wrapper]);
    expect(parseToolsInstall(cmd)).toEqual({ busybox: '/bin/busybox', toolsDir: '/.seq', wrapper });
    for (const c of [cmd.slice(0, -1), ['/bin/busybox', 'cp', '/bin/busybox', '/.seq/busybox'], cmd.map((w, i) => (i === 4 ? 'other' : w))])
      expect(parseToolsInstall(c)).toBeNull();
    expect(() => toolsInstall('/bin/busybox', '/.seq', ' ')).toThrow(/shared wrapper must not be blank/);
  });
});

describe('parseHook', () => {
  const check = { name: 'envoy', tcp: '127.0.0.1:15000', timeoutSeconds: 60, onTimeout: 'fail' as const };
  test('postStartWait, with and without the user hook', () => {
    for (const env of [inject, image]) {
      expect(parseHook(postStartWait(check, env, ['/bin/hook', '--', '']))).toEqual({ then: ['/bin/hook', '--', ''] });
      expect(parseHook(postStartWait(check, env))).toEqual({});
    }
  });
  test('chain', () => {
    expect(parseHook(chain(['pilot-agent', 'wait', '--'], ['/bin/hook', 'a b'], inject))).toEqual({
      then: ['/bin/hook', 'a b'],
    });
  });
  test('returns null for anything else', () => {
    const hook = postStartWait(check, inject, ['x']);
    for (const c of [
      ['pilot-agent', 'wait'],
      ['sh', '-c', 'sleep 5'],
      wrapperCommand(jobSpec, inject),
      hook.map((s) => (s === 'wait' ? 'other' : s)),
      hook.filter((s) => s !== '--'),
      chain(['a'], ['b'], inject).map((s) => (s === '1' ? '5' : s)),
    ])
      expect(parseHook(c), JSON.stringify(c.slice(4))).toBeNull();
  });
});

describe('parseDependencyWait', () => {
  test('round-trips each kind', () => {
    for (const env of [inject, image])
      for (const check of [{ http: 'http://cfg:8080/info' }, { tcp: 'db:5432' }, { dns: 'cache' }]) {
        const dep = { name: 'd', ...check, timeoutSeconds: 0, periodSeconds: 2 };
        expect(parseDependencyWait(dependencyWait(dep, env))).toEqual({ dep, env });
      }
  });
  test('returns null for anything else', () => {
    const good = dependencyWait({ name: 'd', dns: 'x', timeoutSeconds: 1, periodSeconds: 1 }, inject);
    for (const c of [
      wrapperCommand(jobSpec, inject),
      postStartWait(jobSpec.checks[0], inject),
      good.slice(0, -1),
      good.map((s) => (s === 'dns' ? 'udp' : s)),
      ['sh', '-c', 'until nslookup db; do sleep 2; done'],
    ])
      expect(parseDependencyWait(c)).toBeNull();
  });
});
