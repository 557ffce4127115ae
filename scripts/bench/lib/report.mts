import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const DOC = 'docs/benchmarks.md';

/**
 * Replaces one marked section of docs/benchmarks.md (between `<!-- name:start -->` and
 * `<!-- name:end -->`), appending it when absent, so each benchmark owns its own table.
 */
export function writeDocSection(name: string, title: string, body: string) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = `${start}\n## ${title}\n\n${body.trim()}\n${end}`;
  let doc = existsSync(DOC)
    ? readFileSync(DOC, 'utf8')
    : '# Benchmarks\n\nMeasured on the project machine (2 cores, 24 GiB); regenerate with the npm scripts named in each section.\n';
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  doc =
    from >= 0 && to > from
      ? doc.slice(0, from) + section + doc.slice(to + end.length)
      : `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(DOC, doc);
}

export function table(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}
