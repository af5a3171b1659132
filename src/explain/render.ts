/** A Timeline as a readable text block, or as a mermaid sequence diagram. */
import { diffLines } from 'diff';
import { ROLE_LABEL, type Gate, type Timeline } from './model.js';

function gateText(g: Gate): string {
  if (g.on === 'exit') return 'when it exits 0';
  if (g.on === 'startupProbe') return `when its startupProbe passes (${g.detail})`;
  if (g.on === 'postStart') return `when its postStart hook returns (${g.detail})`;
  return 'at once';
}

export function timelineText(t: Timeline, where: string): string {
  const lines = [`${t.title} (${where})`, '  start:'];
  t.start.forEach((s, i) => {
    lines.push(`    ${i + 1}. ${ROLE_LABEL[s.role]} ${s.name}: ${s.runs}`);
    if (s.warning) lines.push(`       ! ${s.warning}`);
    if (i < t.start.length - 1) lines.push(`       -> next starts ${gateText(s.gate)}`);
  });
  if (t.injected.length) lines.push('  injected at admission (not in the manifest):', ...t.injected.map((l) => `    - ${l}`));
  lines.push('  stop:', ...t.stop.map((l) => `    - ${l}`));
  return lines.join('\n') + '\n';
}

/** Every line of the "after" block, marked `-`/`+` where it differs from "before". */
export function textDiff(before: string, after: string): string {
  if (before === after) return before.replace(/^(?=.)/gm, '  ') + '  (unchanged: pod-sequencer changes nothing in this workload)\n';
  return (
    diffLines(before, after)
      .map((part) =>
        part.value
          .replace(/\n$/, '')
          .split('\n')
          .map((l) => `${part.added ? '+' : part.removed ? '-' : ' '} ${l}`)
          .join('\n'),
      )
      .join('\n') + '\n'
  );
}

/**
 * Mermaid reads `;` as a statement end and `#` as an entity start, and a backtick would end the
 * markdown fence's text: each is written as mermaid's decimal entity (`#59;`, `#35;`, `#96;`), in
 * one pass, so the diagram shows the command as it is (issue 38: `;` had become `,`, `#` `#35,`).
 */
const safe = (s: string) => s.replace(/[#;`]/g, (c) => `#${c.charCodeAt(0)};`).replace(/\s+/g, ' ');

export function timelineMermaid(t: Timeline): string {
  const out = ['sequenceDiagram', `  title ${safe(t.title)}`, '  participant K as kubelet'];
  t.start.forEach((s, i) => out.push(`  participant c${i} as ${safe(s.name)} (${ROLE_LABEL[s.role]})`));
  t.start.forEach((s, i) => {
    const c = `c${i}`;
    out.push(`  K->>${c}: start`, `  Note right of ${c}: ${safe(s.runs)}`);
    if (s.warning) out.push(`  Note over ${c}: ⚠ ${safe(s.warning)}`);
    if (i === t.start.length - 1) return;
    const g = s.gate;
    if (g.on === 'exit') out.push(`  ${c}-->>K: exits 0`);
    else if (g.on === 'startupProbe') out.push(`  K->>${c}: startupProbe ${safe(g.detail ?? '')}`, `  ${c}-->>K: ready`);
    else if (g.on === 'postStart') out.push(`  K->>${c}: postStart hook ${safe(g.detail ?? '')}`, `  ${c}-->>K: hook returns`);
    else out.push(`  Note over K,${c}: nothing holds the next container`);
  });
  const last = t.start.length ? `c${t.start.length - 1}` : 'K';
  for (const l of t.injected) out.push(`  Note over K,${last}: injected at admission: ${safe(l)}`);
  for (const l of t.stop) out.push(`  Note over K,${last}: ${safe(l)}`);
  return out.join('\n') + '\n';
}

export function fenced(title: string, mermaid: string): string {
  return `### ${title}\n\n\`\`\`mermaid\n${mermaid}\`\`\`\n`;
}
