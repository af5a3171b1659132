/** `explain`: each workload's start/stop sequence after the function would run (and before, with --diff). */
import type { Config } from '../config/types.js';
import { itemValue } from '../krm/io.js';
import { locate, type ManifestFile } from '../files/read.js';
import { runFiles, type Finding } from '../files/run.js';
import { allowsUnnamed, dotted, listOf, readFacts, workloadsOf, type ItemText } from '../process.js';
import type { InputFacts } from '../pod/context.js';
import { sitesFor, type Site } from '../workloads/kinds.js';
import { nameUnnamed, shapeProblem, templateField } from '../workloads/workload.js';
import { timeline, type Timeline } from './model.js';
import { fenced, textDiff, timelineMermaid, timelineText } from './render.js';

export interface ExplainOptions {
  format: 'text' | 'mermaid';
  diff: boolean;
}

type Model = { timeline: Timeline; field?: string } | { problem: string; field?: string };

/** The timelines of an item's templates, from its text read as the readers read it (src/krm/io.ts itemValue). */
function models(text: string, sites: readonly Site[], cfg: Config, facts: InputFacts): Model[] {
  const obj = itemValue(text);
  if (!obj) return [];
  return workloadsOf(obj, sites).map((w) => {
    // A catalog or config kind's template is placed by its own path; a built-in kind's by its object.
    const field = w.site.origin !== 'builtin' ? templateField(w) || undefined : undefined;
    // A workload whose fields have the wrong types is not explained: `check` names the field (issue 27).
    const unnamed = allowsUnnamed(w);
    const bad = shapeProblem(w, unnamed);
    if (bad) return { problem: `${w.kind}/${w.ref.name}: not explained: ${dotted(bad.path)} ${bad.text}`, ...(field ? { field } : {}) };
    if (unnamed) nameUnnamed(w);
    return { timeline: timeline(w, cfg, facts), ...(field ? { field } : {}) };
  });
}

/**
 * `refused`: where the documents the run cannot process go, as invalid-input findings, each left
 * out of the text while every other one is explained; without it the first one stops the run.
 */
export function explainFiles(files: readonly ManifestFile[], cfg: Config, opts: ExplainOptions, refused?: Finding[]): string {
  const run = runFiles(files, { ...cfg, mode: 'apply' }, { keepGoing: refused !== undefined, inInput: true });
  refused?.push(...run.findings.filter((f) => f.result.tags?.rule === 'invalid-input'));
  const outcomes = run.files;
  // Namespace labels decide mesh injection: read across all files, as the run itself does.
  const facts = readFacts(files.flatMap((f) => f.docs));
  const blocks: string[] = [];
  // `afterText` undefined: the run left the item as it was.
  const add = (item: ItemText, afterText: string | undefined, whereOf: (field?: string) => string) => {
    const sites = sitesFor(item.apiVersion, item.kind, cfg.workloadKinds);
    if (!sites) return;
    const befores = models(item.text, sites, cfg, facts);
    const afters = afterText !== undefined ? models(afterText, sites, cfg, facts) : befores;
    befores.forEach((model, k) => {
      const where = whereOf(model.field);
      if ('problem' in model) return void blocks.push(`${model.problem} (${where})\n`);
      const before = model.timeline;
      const made = afters[k];
      const after = made && 'timeline' in made ? made.timeline : before;
      if (opts.format === 'mermaid') {
        if (opts.diff)
          blocks.push(fenced(`${before.title} (${where}): before`, timelineMermaid(before)), fenced(`${after.title}: after`, timelineMermaid(after)));
        else blocks.push(fenced(`${after.title} (${where})`, timelineMermaid(after)));
      } else blocks.push(opts.diff ? textDiff(timelineText(before, where), timelineText(after, where)) : timelineText(after, where));
    });
  };
  for (const { file, replacements, refused: unread } of outcomes) {
    file.docs.forEach((doc, d) => {
      if (unread.has(d)) return;
      const after = replacements.get(d);
      const at = (offset: number) => `${file.path}:${file.lines.linePos(doc.start + offset).line}`;
      const list = listOf(doc);
      // The template's own line (where its path leads in the input), else the document's.
      if (!list) return add(doc, after, (field) => (field ? `${file.path}:${locate(file, doc, field).line}` : at(0)));
      // A List's objects, before and after (a changed List is still a List of as many items).
      const afterList = (after !== undefined && listOf({ text: after, kind: doc.kind })) || undefined;
      list.items.forEach((item, k) => add(item, afterList?.items[k]?.text, () => at(item.start)));
    });
  }
  return blocks.join('\n');
}
