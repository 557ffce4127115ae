/**
 * Regenerates src/server/db/schema.generated.ts from the migrations (applied to a throwaway
 * embedded database), so the row types follow the schema of record.
 *   npm run db:types
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { GENERATED_TYPES_FILE, generateRowTypesFromMigrations } from './lib/db-types.mts';

const text = await generateRowTypesFromMigrations();
writeFileSync(GENERATED_TYPES_FILE, text);
console.log(`wrote ${relative(process.cwd(), GENERATED_TYPES_FILE)}`);
