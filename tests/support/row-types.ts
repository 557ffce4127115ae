import { resolve } from 'node:path';
import ts from 'typescript';

/** What a column's read type says, as the TypeScript compiler resolves it. */
export interface ColumnReadType {
  /** `null` is part of the type a select returns. */
  nullable: boolean;
  /** The non-null kinds of the read type: 'string', 'number', 'boolean', 'bigint', 'Date', 'object'. */
  kinds: string[];
}

export const TYPES_FILE = resolve('src/server/db/types.ts');

/**
 * Reads `Database` from src/server/db/types.ts with the compiler itself, through Kysely's own
 * `Selectable`, so `Generated<T>`, `ColumnType<S, I, U>` and the aliases resolve exactly as they
 * do for the app's queries: table → column → read type.
 */
export function readRowTypes(): Map<string, Map<string, ColumnReadType>> {
  const probe = resolve('tests/support/__row-types-probe.ts');
  const probeSource = `import type { Selectable } from 'kysely';
import type { Database } from ${JSON.stringify(TYPES_FILE)};
export type Rows = { [K in keyof Database]: Selectable<Database[K]> };
`;
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    // Node's types: a bytea column reads as Buffer (postgres.js; PGlite gives a Uint8Array, its parent).
    types: ['node'],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  // The probe exists only in memory: nothing is written into the repository.
  host.fileExists = (name) => name === probe || fileExists.call(host, name);
  host.readFile = (name) => (name === probe ? probeSource : readFile.call(host, name));
  host.getSourceFile = (name, language, ...rest) =>
    name === probe
      ? ts.createSourceFile(name, probeSource, language)
      : getSourceFile.call(host, name, language, ...rest);
  const program = ts.createProgram([probe], options, host);
  const errors = ts.getPreEmitDiagnostics(program).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) {
    throw new Error(ts.formatDiagnostics(errors, { ...host, getNewLine: () => '\n' }));
  }
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(probe)!;
  const rows = source.statements.find(ts.isTypeAliasDeclaration)!;
  const database = checker.getTypeAtLocation(rows.name);

  const tables = new Map<string, Map<string, ColumnReadType>>();
  for (const table of checker.getPropertiesOfType(database)) {
    const columns = new Map<string, ColumnReadType>();
    const row = checker.getTypeOfSymbolAtLocation(table, rows);
    for (const column of checker.getPropertiesOfType(row)) {
      columns.set(column.name, describe(checker, checker.getTypeOfSymbolAtLocation(column, rows)));
    }
    tables.set(table.name, columns);
  }
  return tables;
}

function describe(checker: ts.TypeChecker, type: ts.Type): ColumnReadType {
  const parts = type.isUnion() ? type.types : [type];
  const kinds = new Set<string>();
  let nullable = false;
  for (const part of parts) {
    const f = part.flags;
    if (f & ts.TypeFlags.Null) nullable = true;
    else if (f & (ts.TypeFlags.StringLike | ts.TypeFlags.TemplateLiteral)) kinds.add('string');
    else if (f & ts.TypeFlags.NumberLike) kinds.add('number');
    else if (f & ts.TypeFlags.BooleanLike) kinds.add('boolean');
    else if (f & ts.TypeFlags.BigIntLike) kinds.add('bigint');
    else if (checker.typeToString(part) === 'Date') kinds.add('Date');
    else kinds.add('object');
  }
  return { nullable, kinds: [...kinds].sort() };
}
