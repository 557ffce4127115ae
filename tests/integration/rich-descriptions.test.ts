import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCollection } from '../../src/server/catalog/collections.ts';
import { listServices } from '../../src/server/catalog/services.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases.ts';

// Written straight to the table, as a seed, a script or an older app version could: the public
// reads clean it again (the admin API cleans on save; see admin-catalog.test.ts).
const HOSTILE =
  '<h2>Wraps</h2><p onclick="steal()">Full <strong>colour</strong><script>alert(1)</script></p>' +
  '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">go</a><iframe src="https://evil.example"></iframe>';
const CLEAN = '<h2>Wraps</h2><p>Full <strong>colour</strong></p><img src="x" /><a>go</a>';

describe.each(DATABASE_KINDS)('rich descriptions on the public pages’ reads, on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.dispose());

  it('a service’s description_html is published, sanitised', async () => {
    await database.db
      .updateTable('services')
      .set({ description_html: HOSTILE })
      .where('slug', '=', 'consulting')
      .execute();
    const service = (await listServices(database.db)).find((s) => s.slug === 'consulting')!;
    expect(service.description_html).toBe(CLEAN);
  });

  it('a collection’s html_description is published, sanitised', async () => {
    await database.db
      .updateTable('collections')
      .set({ html_description: HOSTILE })
      .where('slug', '=', 'city-champ-golf')
      .execute();
    expect((await getCollection(database.db, 'city-champ-golf'))!.html_description).toBe(CLEAN);
  });

  it('markup with no text in it counts as no rich description, so the plain one shows', async () => {
    await database.db
      .updateTable('services')
      .set({ description_html: '<p><br></p><p>&nbsp;</p>' })
      .where('slug', '=', 'consulting')
      .execute();
    await database.db
      .updateTable('collections')
      .set({ html_description: '<script>only()</script>' })
      .where('slug', '=', 'city-champ-golf')
      .execute();
    expect((await listServices(database.db)).find((s) => s.slug === 'consulting')!.description_html).toBeNull();
    expect((await getCollection(database.db, 'city-champ-golf'))!.html_description).toBeNull();
  });
});
