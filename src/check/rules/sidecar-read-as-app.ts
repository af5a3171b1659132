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
    "a sidecar is `containers[0]` of a KEDA ScaledJob with no `spec.envSourceContainerName`, so KEDA's scalers read their `*FromEnv` variables from it, and an app container, not the sidecar, defines them",
  check(ctx, report) {
    const read = sidecarRead(ctx);
    if (!read) return;
    const sure = read.missed.length > 0;
    const app = read.app ?? read.candidate;
    const vars = sure ? read.missed : read.unsure;
    const summary = fitted(
      (names) =>
        `${ctx.w.kind} ${ctx.w.ref.name} reads ${names} from sidecar ${read.sidecar} (containers[0]), ` +
        (sure ? `which does not define ${vars.length > 1 ? 'them' : 'it'}` : `not from app ${app}`),
      vars.map((r) => r.variable),
    );
    report(
      {
        summary,
        detail: `${reads(ctx, read)} ${sure ? missedText(read, app) : unsureText(ctx, read, app)}`,
        fix: `${read.field}: ${app}`,
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
  const what = ctx.w.site.firstContainer!.what;
  return `${ctx.w.kind} reads the first container unless ${read.field} names another: ${what}.`;
}

const named = (rs: EnvRead[]) => rs.map((r) => `${r.variable} (${r.at})`).join(', ');

function missedText(read: SidecarRead, app: string): string {
  const also = read.unsure.length > 0 ? ` ${unsureVars(read)}` : '';
  const said = `${read.sidecar} defines no ${named(read.missed)}; ${app} does.${also} Set ${read.field}: ${app}.`;
  if (read.app) return said;
  // Naming this app would lose a variable containers[0] gives (or may give): fix leaves the choice.
  const lost = read.reads.filter((r) => RANK[read.gives(app, r.variable)] < RANK[read.gives(read.sidecar, r.variable)]).map((r) => r.variable);
  return `${said} But ${app} does not define ${lost.join(', ')}, which ${read.sidecar} defines or may (envFrom), so fix leaves the choice to you.`;
}

function unsureText(ctx: Ctx, read: SidecarRead, app: string): string {
  return `${unsureVars(read)} If the ${ctx.w.kind} should read ${app}'s env, set ${read.field}: ${app}.`;
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
