import { describe, expect, it } from 'vitest';
import { storeCreateSchema, storeUpdateSchema } from '../../src/lib/admin-schemas/stores.ts';

/** A store password is at least 8 characters (docs/decisions/0041-password-checks.md). */

const passwordProblem = (schema: typeof storeUpdateSchema | typeof storeCreateSchema, password: string | null) => {
  const parsed = schema.safeParse({ password });
  return parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'password')?.message;
};

describe('a store password', () => {
  it('is refused shorter than 8 characters, in words, on create and on update', () => {
    for (const schema of [storeCreateSchema, storeUpdateSchema]) {
      expect(passwordProblem(schema, 'eagles')).toBe('A store password has at least 8 characters.');
      expect(passwordProblem(schema, 'eagles7')).toBe('A store password has at least 8 characters.');
    }
  });

  it('is taken from 8 characters, and may be removed', () => {
    expect(passwordProblem(storeUpdateSchema, 'eagles77')).toBeUndefined();
    expect(passwordProblem(storeUpdateSchema, 'go eagles')).toBeUndefined();
    expect(passwordProblem(storeUpdateSchema, null)).toBeUndefined();
  });
});
