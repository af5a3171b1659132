/** One audit finding, and what every module reads to make one. */
import type { Config } from '../config/types.js';
import type { RuleId, Severity } from '../krm/types.js';
import type { Dump, ObjectId } from './objects.js';
import type { Engine } from './engine.js';

export interface AuditFinding {
  rule: RuleId;
  severity: Severity;
  /** The object the finding is about (a Pod, a Node, a MutatingWebhookConfiguration). */
  object: ObjectId;
  /** One line: what is wrong now. */
  message: string;
  /** Why, with the evidence read from status. */
  detail: string;
  /** A command to run or a config line to write. */
  fix: string;
  /** The object whose template the pod came from (Kind/namespace/name), where there is one. */
  owner?: string;
  /** The container the finding is about. */
  container?: string;
  /** The facts read from status, as they were read (times, counts, states). */
  evidence: Record<string, unknown>;
  /** The input the object was read from. */
  source?: string;
  /** The reason of a `pod-sequencer.dev/ignore.<rule>` annotation that silences it. */
  suppressed?: string;
}

export interface AuditCtx {
  dump: Dump;
  cfg: Config;
  engine: Engine;
  /** The time findings measure "how long" against (ms). */
  now: number;
  /** How the user's config is named in fix commands (`--config FILE`), if one was given. */
  configFlag: string;
}

/** The fix of a finding whose cause is in the owner's manifest: what `fix` would change, and the command. */
export const INSTALL_WEBHOOK = 'pod-sequencer webhook manifests | kubectl apply -f -';

export function fixCommand(ctx: AuditCtx, owner: string): string {
  return `pod-sequencer fix${ctx.configFlag} <the manifest of ${owner}>`;
}
