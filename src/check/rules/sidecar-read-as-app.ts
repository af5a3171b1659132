import { RANK, sidecarRead, type EnvRead, type SidecarRead } from '../../pod/env-source.js';
import { SUMMARY_LENGTH } from '../../krm/types.js';
import { podField } from '../../workloads/workload.js';
import type { Ctx } from '../../pod/context.js';
import type { Rule } from '../rule.js';

/**
 * A classic sidecar in `containers[0]` of a template whose controller reads that container's env
 * unless a field names another (the catalog's firstContainer with nameField and envNames: KEDA's
 * ScaledJob, `spec.envSourceContainerName`), the field unset, and the variables the object names
 * (its triggers' `*FromEnv`) given by an app container, not by the sidecar: KEDA's scalers do not
 * find them (kedacore/keda@v2.17.0, pkg/scaling/resolver/scale_resolvers.go ResolveContainerEnv).
 * A warning where the sidecar surely lacks one an app container surely gives; an info where only
 * envFrom could tell. Where no variable is named, nothing: KEDA reads no env (docs/decisions.md).
 */
export const sidecarReadAsApp: Rule = {
  id: 'sidecar-read-as-app',
  severity: 'warning',
  needs: ['sidecar'],
  summary:
    "a sidecar is `containers[0]` of a KEDA ScaledJob, or of a ScaledObject's scale target, with no `envSourceContainerName`, so KEDA's scalers read their `*FromEnv` variables from it, and an app container, not the sidecar, defines them",
  check(ctx, report) {
    const read = sidecarRead(ctx);
    if (!read) return;
    const sure = read.missed.length > 0;
    const app = read.app ?? read.candidate;
    const vars = sure ? read.missed : read.unsure;
    const who = read.elsewhere ? read.reader : `${ctx.w.kind} ${ctx.w.ref.name}`;
    const summary = fitted(
      (names) =>
        `${who} reads ${names} from sidecar ${read.sidecar} (containers[0]), ` +
        (sure ? `which does not define ${vars.length > 1 ? 'them' : 'it'}` : `not from app ${app}`),
      vars.map((r) => r.variable),
    );
    report(
      {
        summary,
        detail: `${reads(ctx, read)} ${sure ? missedText(read, app) : unsureText(ctx, read, app)}`,
        fix: read.elsewhere ? `${read.reader}: ${read.field}: ${app}` : `${read.field}: ${app}`,
      },
      podField(ctx.w, 'containers', 0),
      sure ? 'warning' : 'info',
    );
  },
};

/** The summary with every variable named if it fits, else the first and how many more. */
function fitted(say: (names: string) => string, names: string[]): string {
  const all = say(names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0]!);
  return all.length <= SUMMARY_LENGTH || names.length === 1 ? all : say(`${names[0]} and ${names.length - 1} more`);
}

/** How the controller picks the container, from the catalog's own words. */
function reads(ctx: Ctx, read: SidecarRead): string {
  if (read.elsewhere)
    return `${read.reader} reads the first container of ${ctx.w.kind} ${ctx.w.ref.name} unless its ${read.field} names another: ${read.what}.`;
  return `${ctx.w.kind} reads the first container unless ${read.field} names another: ${read.what}.`;
}

/** Where the field goes, for "Set …": on the other object when it is another's. */
const setOn = (read: SidecarRead, app: string) => (read.elsewhere ? `${read.field}: ${app} on ${read.reader}` : `${read.field}: ${app}`);

const named = (rs: EnvRead[]) => rs.map((r) => `${r.variable} (${r.at})`).join(', ');

function missedText(read: SidecarRead, app: string): string {
  const also = read.unsure.length > 0 ? ` ${unsureVars(read)}` : '';
  const said = `${read.sidecar} defines no ${named(read.missed)}; ${app} does.${also} Set ${setOn(read, app)}.`;
  if (read.elsewhere) return `${said} fix does not change another object.`;
  if (read.app) return said;
  // Naming this app would lose a variable containers[0] gives (or may give): fix leaves the choice.
  const lost = read.reads.filter((r) => RANK[read.gives(app, r.variable)] < RANK[read.gives(read.sidecar, r.variable)]).map((r) => r.variable);
  return `${said} But ${app} does not define ${lost.join(', ')}, which ${read.sidecar} defines or may (envFrom), so fix leaves the choice to you.`;
}

function unsureText(ctx: Ctx, read: SidecarRead, app: string): string {
  return `${unsureVars(read)} If ${read.elsewhere ? read.reader : `the ${ctx.w.kind}`} should read ${app}'s env, set ${setOn(read, app)}.`;
}

/** What cannot be told about the unsure variables: the sidecar's envFrom, or an app's. */
function unsureVars(read: SidecarRead): string {
  return read.unsure
    .map((r) =>
      read.gives(read.sidecar, r.variable) === 'unknown'
        ? `${read.sidecar} may define ${r.variable} (${r.at}) only through envFrom, whose keys the manifest does not show.`
        : `${read.sidecar} defines no ${r.variable} (${r.at}); an app container may, through envFrom.`,
    )
    .join(' ');
}
