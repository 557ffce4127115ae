import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/import-graph.ts';

/**
 * No function over 60 lines in pricing and checkout (issue 43, item 4): a long function there is
 * several steps of a price or a check that deserve names. Counted with the TypeScript compiler: the
 * lines of the body of every function declaration, arrow function, function expression and method.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDERS = ['src/lib/pricing', 'src/server/checkout'];
const MAX_LINES = 60;

/** Functions allowed over the limit, by "file:name", each with why it is not split. */
const ALLOWED: Record<string, string> = {};

interface Measured {
  where: string;
  lines: number;
}

function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  return `(anonymous at line ${node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1})`;
}

/** Every function of a source with the lines of its body. */
function functionLengths(path: string, text = readFileSync(path, 'utf8')): Measured[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const found: Measured[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isArrowFunction(node) ||
        ts.isFunctionExpression(node) ||
        ts.isMethodDeclaration(node)) &&
      node.body
    ) {
      const lines = line(node.body.getEnd()) - line(node.body.getStart()) + 1;
      found.push({ where: `${relative(ROOT, path)}:${nameOf(node)}`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('functions in pricing and checkout stay short', () => {
  const measured = FOLDERS.flatMap((folder) => sourceFiles(resolve(ROOT, folder))).flatMap((f) => functionLengths(f));

  it(`has no function over ${MAX_LINES} lines`, () => {
    const long = measured.filter((m) => m.lines > MAX_LINES && !(m.where in ALLOWED));
    expect(long.map((m) => `${m.where} (${m.lines} lines)`)).toEqual([]);
  });

  it('allows only functions that are still long', () => {
    const stale = Object.keys(ALLOWED).filter(
      (where) => !measured.some((m) => m.where === where && m.lines > MAX_LINES),
    );
    expect(stale).toEqual([]);
  });

  it('measures a body from its first line to its last', () => {
    const text = `export function short() {\n  return 1;\n}\nconst arrow = () => {\n${'  a();\n'.repeat(61)}};\n`;
    expect(functionLengths(resolve(ROOT, 'src/lib/pricing/example.ts'), text)).toEqual([
      { where: 'src/lib/pricing/example.ts:short', lines: 3 },
      { where: 'src/lib/pricing/example.ts:arrow', lines: 63 },
    ]);
  });
});
