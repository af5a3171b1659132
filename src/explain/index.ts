/** `explain`: each workload's start/stop sequence after the function would run (and before, with --diff). */
import type { Config } from '../config/types.js';
import { itemValue } from '../krm/io.js';
import type { ManifestFile } from '../files/read.js';
import { runFiles } from '../files/run.js';
import { listOf, readFacts, type ItemText } from '../process.js';
import type { InputFacts } from '../pod/context.js';
import { allowsUnnamedContainers, templatePathFor } from '../workloads/kinds.js';
import { makeWorkload, nameUnnamed, shapeProblem } from '../workloads/workload.js';
import { timeline, type Timeline } from './model.js';
import { fenced, textDiff, timelineMermaid, timelineText } from './render.js';

export interface ExplainOptions {
  format: 'text' | 'mermaid';
  diff: boolean;
}

/** A workload's timeline, from its text read as the readers read it (src/krm/io.ts itemValue). */
function model(text: string, templatePath: readonly string[], cfg: Config, facts: InputFacts): Timeline | string | undefined {
  const obj = itemValue(text);
  const w = obj && makeWorkload(obj, templatePath);
  if (!w) return undefined;
  // A workload whose fields have the wrong types is not explained: `check` names the field (issue 27).
  const unnamed = allowsUnnamedContainers(w.ref.apiVersion, w.kind);
  const bad = shapeProblem(w, unnamed);
  if (bad)
    return `${w.kind}/${w.ref.name}: not explained: ${bad.path
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
      .join('')
      .slice(1)} ${bad.text}`;
  if (unnamed) nameUnnamed(w);
  return timeline(w, cfg, facts);
}

export function explainFiles(files: readonly ManifestFile[], cfg: Config, opts: ExplainOptions): string {
  const { files: outcomes } = runFiles(files, { ...cfg, mode: 'apply' });
  // Namespace labels decide mesh injection: read across all files, as the run itself does.
  const facts = readFacts(files.flatMap((f) => f.docs));
  const blocks: string[] = [];
  // `afterText` undefined: the run left the item as it was.
  const add = (item: ItemText, afterText: string | undefined, where: string) => {
    const path = templatePathFor(item.apiVersion, item.kind, cfg.workloadKinds);
    const before = path && model(item.text, path, cfg, facts);
    if (!path || !before) return;
    if (typeof before === 'string') return void blocks.push(`${before} (${where})\n`);
    const made = afterText !== undefined && model(afterText, path, cfg, facts);
    const after = (typeof made === 'object' && made) || before;
    if (opts.format === 'mermaid') {
      if (opts.diff)
        blocks.push(fenced(`${before.title} (${where}): before`, timelineMermaid(before)), fenced(`${after.title}: after`, timelineMermaid(after)));
      else blocks.push(fenced(`${after.title} (${where})`, timelineMermaid(after)));
    } else blocks.push(opts.diff ? textDiff(timelineText(before, where), timelineText(after, where)) : timelineText(after, where));
  };
  for (const { file, replacements } of outcomes) {
    file.docs.forEach((doc, d) => {
      const after = replacements.get(d);
      const at = (offset: number) => `${file.path}:${file.lines.linePos(doc.start + offset).line}`;
      const list = listOf(doc);
      if (!list) return add(doc, after, at(0));
      // A List's objects, before and after (a changed List is still a List of as many items).
      const afterList = (after !== undefined && listOf({ text: after, kind: doc.kind })) || undefined;
      list.items.forEach((item, k) => add(item, afterList?.items[k]?.text, at(item.start)));
    });
  }
  return blocks.join('\n');
}
