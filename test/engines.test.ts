/**
 * `npm install` in a clone is quiet on every Node that package.json's `engines` admits (issue 38:
 * kubernetes-models 5, a devDependency, asks for Node 22 and npm printed four EBADENGINE
 * warnings on 20.19). npm reads each package's `engines.node` from package-lock.json, so the lock
 * says it all: every package there, dev ones too, accepts the lowest Node we admit and the Node
 * running the tests.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minVersion, satisfies } from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';

interface Locked {
  version?: string;
  engines?: { node?: string } | string[];
  optional?: boolean;
  os?: string[];
  cpu?: string[];
}
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, Locked> };
const lowest = minVersion(pkg.engines.node)!.version;

/** The packages npm installs on this platform whose engines.node turns a Node away. */
function refusing(node: string): string[] {
  return Object.entries(lock.packages)
    .filter(([path]) => path !== '')
    .filter(([, p]) => !(p.optional && ((p.os && !p.os.includes(process.platform)) || (p.cpu && !p.cpu.includes(process.arch)))))
    .filter(([, p]) => !Array.isArray(p.engines) && p.engines?.node !== undefined && !satisfies(node, p.engines.node))
    .map(([path, p]) => `${path.replace(/^.*node_modules\//, '')}@${p.version} wants node ${(p.engines as { node: string }).node}`);
}

describe('engines', () => {
  it(`package.json admits Node ${lowest} and later, and the lock holds no package that refuses it`, () => {
    expect(lowest).toBe('20.19.0');
    expect(refusing(lowest)).toEqual([]);
  });

  it(`nor one that refuses the Node running the tests (${process.version})`, () => {
    expect(refusing(process.version)).toEqual([]);
  });
});
