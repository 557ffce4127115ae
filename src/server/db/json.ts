import { type RawBuilder, sql } from 'kysely';

/**
 * A jsonb value for an insert or update. The JSON goes over the wire as text and is cast in
 * SQL: postgres.js would otherwise send a JS array as a Postgres array, and a string into a
 * jsonb parameter as a JSON string.
 */
export function jsonb(value: unknown): RawBuilder<string> {
  return sql<string>`(${JSON.stringify(value)}::text)::jsonb`;
}
