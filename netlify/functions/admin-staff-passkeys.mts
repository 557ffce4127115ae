import type { Config } from '@netlify/functions';
import { passkeyAddSchema, passkeyRenameSchema } from '../../src/lib/admin-schemas/passkeys.ts';
import { adminFunction, methodNotAllowed, pathId } from '../../src/server/admin/route.ts';
import { json } from '../../src/server/http.ts';
import { readJson } from '../../src/server/request.ts';
import {
  addPasskey,
  listPasskeys,
  passkeyRegistrationOptions,
  removePasskey,
  renamePasskey,
} from '../../src/server/staff/passkeys.ts';

/**
 * A person's own passkeys (issue 45), beside My devices: GET lists them, POST /passkey-options
 * starts adding one (a challenge for this person, five minutes, one use), POST adds it under a
 * name, PUT /:id renames it, DELETE /:id removes it.
 */
export default adminFunction(async (req, { db, params, url, staff }) => {
  const id = pathId(params, 'passkey');
  const method = req.method.toUpperCase();
  if (url.pathname.endsWith('/passkey-options')) {
    if (method !== 'POST') throw methodNotAllowed(method, ['POST']);
    return json(await passkeyRegistrationOptions(db, staff));
  }
  if (!id && (method === 'GET' || method === 'HEAD')) return json(await listPasskeys(db, staff.id));
  if (!id && method === 'POST') {
    return json(await addPasskey(db, staff, await readJson(req, passkeyAddSchema, 32 * 1024)), 201);
  }
  if (id && method === 'PUT') {
    const { name } = await readJson(req, passkeyRenameSchema, 1024);
    return json(await renamePasskey(db, staff.id, id, name));
  }
  if (id && method === 'DELETE') {
    await removePasskey(db, staff.id, id);
    return json({ id, deleted: true });
  }
  throw methodNotAllowed(method, id ? ['PUT', 'DELETE'] : ['GET', 'POST']);
});

export const config: Config = {
  path: ['/api/admin/staff/me/passkeys', '/api/admin/staff/me/passkeys/:id', '/api/admin/staff/me/passkey-options'],
  method: ['GET', 'POST', 'PUT', 'DELETE'],
};
