/** The PodSequence spec as the user writes it (schema/podsequence.schema.json), before defaults. */
import type {
  Check,
  Entrypoint,
  FailOn,
  MeshDapr,
  MeshIstio,
  MeshKuma,
  MeshConsul,
  MeshLinkerd,
  MeshVault,
  ProfileName,
  RuleLevel,
  Selector,
  Shutdown,
  Strategy,
  WorkloadKind,
} from './types.js';

export const apiVersion = 'fn.pod-sequencer.dev/v1alpha1';
export const kind = 'PodSequence';

export interface SidecarInput {
  profile?: ProfileName;
  name?: string;
  image?: string;
  strategy?: Strategy;
  readiness?: Check;
  waitCommand?: string[];
  shutdown?: Shutdown;
  timeoutSeconds?: number;
  onTimeout?: 'fail' | 'continue';
}

export interface DependencyInput {
  name?: string;
  http?: string;
  tcp?: string;
  dns?: string;
  timeoutSeconds?: number;
  periodSeconds?: number;
  selector?: Selector;
}

export type Quantities = Record<string, string | number>;

export interface SpecInput {
  mode?: 'apply' | 'check';
  kubernetesVersion?: string;
  selector?: Selector;
  exclude?: Selector;
  workloadKinds?: WorkloadKind[];
  sidecars?: SidecarInput[];
  mesh?: { istio?: MeshIstio; linkerd?: MeshLinkerd; kuma?: MeshKuma; dapr?: MeshDapr; vault?: MeshVault; consul?: MeshConsul };
  dependencies?: DependencyInput[];
  jobs?: { terminateSidecars?: boolean; entrypoints?: Entrypoint[] };
  tools?: { delivery?: 'inject' | 'image'; image?: string; resources?: { requests?: Quantities; limits?: Quantities } };
  rules?: Record<string, RuleLevel>;
  check?: { failOn?: FailOn; baseline?: string };
  stopOrder?: { sidecarsLast?: boolean };
}

/** One thing wrong with the config: `path` is a field path, `text` what is wrong and what is accepted. */
export interface Problem {
  path: string;
  text: string;
  tags?: Record<string, string>;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Appends a key to a field path: `.key`, or `["key"]` for keys such as label names. */
export function joinPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  const part = /^[A-Za-z_][\w-]*$/.test(key) ? key : JSON.stringify(key);
  if (part.startsWith('"')) return `${path}[${part}]`;
  return path ? `${path}.${part}` : part;
}

/** The minor of a valid "1.NN" version, else undefined. */
export function minorOf(version: unknown): number | undefined {
  const m = typeof version === 'string' ? /^1\.(\d+)$/.exec(version) : null;
  return m ? Number(m[1]) : undefined;
}

/** Linkerd's minor from "2.19", "2.19.1", "stable-2.14.10" or "enterprise-2.17.1"; else undefined. */
export function linkerdMinorOf(version: unknown): number | undefined {
  const m = typeof version === 'string' ? /^(?:[a-z]+-)?2\.(\d+)(?:\.\d+)?$/i.exec(version.trim()) : null;
  return m ? Number(m[1]) : undefined;
}

/** Kubernetes minor from which native sidecars are on by default (KEP-753 beta). */
export const nativeSidecarMinor = 29;

/**
 * The release an unset `kubernetesVersion` stands for: the first with native sidecars on by
 * default. Every release supported upstream and by the large managed offerings is this or later
 * (docs/decisions.md, "Native sidecars by default"), and the features of later releases (the
 * preStop sleep action, 1.30) are not assumed.
 */
export const assumedKubernetesVersion = `1.${nativeSidecarMinor}`;
