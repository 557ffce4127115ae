import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeEnvFile } from '../../scripts/lib/env-file.mts';
import { describeMigration } from '../../scripts/lib/shop-database.mts';

describe('npm start’s start-up lines', () => {
  it('say how the database was brought up to date without listing every file of a new one', () => {
    expect(describeMigration([])).toBe('up to date');
    expect(describeMigration(['20261201000100_gift_cards.sql'])).toBe('applied 20261201000100_gift_cards.sql');
    const fresh = [
      ...Array.from({ length: 39 }, (_, i) => `2026112100${String(i).padStart(4, '0')}_m.sql`),
      'seed/seed.sql',
    ];
    expect(describeMigration(fresh)).toBe('39 migrations applied and the demo shop loaded');
    expect(describeMigration(fresh.slice(0, 5))).toBe('5 migrations applied');
  });

  it('name the settings a .env file gave, never their values', () => {
    expect(describeEnvFile(null)).toBeNull();
    expect(describeEnvFile({ file: '.env', applied: ['SITE_URL', 'ADMIN_PASSWORD'], kept: [] })).toBe(
      'settings: .env sets ADMIN_PASSWORD, SITE_URL',
    );
    expect(describeEnvFile({ file: '.env', applied: [], kept: ['PORT'] })).toBe(
      'settings: .env sets nothing; already in the environment, so not taken from the file: PORT',
    );
  });

  it('are what the README’s sample start output says (issue 44, item 15)', () => {
    const files = readdirSync('supabase/migrations').filter((f) => f.endsWith('.sql'));
    const fresh = [...files, 'seed/seed.sql'];
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain(`[shop] database: ${describeMigration(fresh)} (PGlite in .data,`);
  });
});
