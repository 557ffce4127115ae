import { Invalid, MethodNotAllowed, NotFound } from '../errors.ts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { requireAdmin } from '../staff/require-admin.ts';
import { db as openDb } from '../db/index.ts';
import type { Database } from '../db/types.ts';
import { handle, json } from '../http.ts';
import { refuseBadInput } from '../input-check.ts';
import { readJson } from '../request.ts';
import { recordPublish } from './publish-status.ts';
import { ensureRebuildReporter, type RebuildReason, requestRebuild } from './rebuild.ts';
import { isUuid } from '../../lib/identifiers.ts';
import { moneyFreeResponse } from '../staff/money-fields.ts';
import { roleAllows } from '../staff/roles.ts';
import type { SignedInStaff } from '../staff/sessions.ts';
import type { StaffActor } from '../orders/order-events.ts';
import type { StaffActivityKind } from '../db/types.ts';
import { recordActivity } from './activity.ts';

/** The parts of Netlify's context admin functions use (tests pass a subset). */
export interface AdminContext {
  params: Record<string, string>;
  ip?: string;
  waitUntil?: (promise: Promise<unknown>) => void;
}

export interface AdminCall {
  db: Kysely<Database>;
  url: URL;
  params: Record<string, string>;
  context: AdminContext;
  /** Who is signed in (the admin token's subject), for records that say who changed what. */
  adminSubject: string;
  /** The person signed in, and their role (issue 45). */
  staff: SignedInStaff;
  /** The person as the records that name who did what take them (order events, proofs, refunds). */
  actor: StaffActor;
}

/**
 * An admin function: 401 without a valid Bearer token, 403 when the person's role may not use the
 * route (requireAdmin), JSON errors, no-store answers, and no money fields for a role that sees none.
 */
export function adminFunction(fn: (req: Request, call: AdminCall) => Promise<Response>) {
  return handle(async (req: Request, context: AdminContext) => {
    const db = await openDb();
    const claims = await requireAdmin(req, db);
    const call = { db, url: new URL(req.url), params: context.params ?? {}, context, adminSubject: claims.sub };
    const res = await fn(req, { ...call, staff: claims.staff, actor: { staffId: claims.staff.id } });
    return roleAllows(claims.staff.role, 'money') ? res : moneyFreeResponse(res);
  });
}

/** The :id of a path; an id that cannot exist answers 404 without asking the database. */
export function pathId(params: Record<string, string>, label: string): string | undefined {
  const id = params['id'];
  if (id === undefined || id === '') return undefined;
  if (!isUuid(id)) throw notFound(label, id);
  return id.toLowerCase();
}

export const notFound = (label: string, id: string) => new NotFound('not_found', `There is no ${label} with id ${id}.`);

export function methodNotAllowed(method: string, allow: string[]) {
  return new MethodNotAllowed(method, allow);
}

/**
 * Asks for a rebuild and keeps a serverless instance alive until the request is handed over.
 * "Queued" is in the database before the save answers, so the admin's first status poll after
 * the save already sees it; later steps are written by the run that picks the request up.
 */
export async function rebuildAfter(call: AdminCall, reason: RebuildReason) {
  // The database installed when the step happens (one per process; tests install several).
  ensureRebuildReporter(async (step) => recordPublish(await openDb(), step));
  await recordPublish(call.db, { step: 'queued', change: reason.entity }).catch((error: unknown) =>
    console.error('[rebuild] could not record the publish status:', error),
  );
  const done = requestRebuild(reason);
  call.context.waitUntil?.(done);
}

/** Converts a parsed query string into a plain object for a query schema. */
export function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) out[key] = value;
  return out;
}

export function parseQuery<S extends z.ZodType>(url: URL, schema: S): z.infer<S> {
  const query = queryObject(url);
  refuseBadInput(query, 'Some filters are invalid.');
  const parsed = schema.safeParse(query);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    throw new Invalid('invalid_input', 'Some filters are invalid.', { fields });
  }
  return parsed.data;
}

/** One entity's admin operations; each takes plain arguments so tests can call them directly. */
export interface CrudResource<Row, Create, Update> {
  /** Singular, for messages: "colour", "discount code". */
  label: string;
  /** Public pages show this entity: saves and deletes ask for a rebuild. */
  rebuildEntity?: string;
  /**
   * Whether a saved row is on a public page (default: every row is). A save of a row that is not,
   * and never was, asks no rebuild: a build that changes nothing costs minutes on Netlify.
   */
  onPublicPages?: (row: Row) => boolean;
  /** Saves of this entity go in the owner's activity log, with who made them (admin/activity.ts). */
  activity?: StaffActivityKind;
  createSchema: z.ZodType<Create>;
  updateSchema: z.ZodType<Update>;
  bodyLimit?: number;
  list?: ((db: Kysely<Database>, url: URL) => Promise<unknown>) | undefined;
  get: (db: Kysely<Database>, id: string) => Promise<Row | null>;
  /** `who` is the person saving, for the records that name them (price-list versions, staff_activity). */
  create?: ((db: Kysely<Database>, input: Create, who: StaffActor) => Promise<Row>) | undefined;
  /** `by` is who saves (the admin token's subject); `who` the person, as for create. */
  update?:
    | ((db: Kysely<Database>, id: string, input: Update, by: string, who: StaffActor) => Promise<Row | null>)
    | undefined;
  remove?: ((db: Kysely<Database>, id: string, who: StaffActor) => Promise<boolean>) | undefined;
}

/**
 * The REST shape every admin entity shares: GET list (no id), GET/PUT/DELETE one (with id),
 * POST create (no id). A method that makes no sense for the path answers 405 with Allow.
 */
export function crudFunction<Row extends { id: string }, Create, Update>(resource: CrudResource<Row, Create, Update>) {
  const { label } = resource;
  const rebuild = async (call: AdminCall, action: RebuildReason['action'], id: string, row?: Row) => {
    if (!resource.rebuildEntity) return;
    if (row && resource.onPublicPages && !resource.onPublicPages(row)) return;
    await rebuildAfter(call, { entity: resource.rebuildEntity, action, id });
  };
  const logged = async (call: AdminCall, done: string, id: string, row?: Row) => {
    if (!resource.activity) return;
    const name = (row as { name?: unknown } | undefined)?.name;
    const noun = `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
    const what = typeof name === 'string' ? `${noun} "${name}"` : `${noun} ${id}`;
    await recordActivity(call.db, call.actor, { kind: resource.activity, subjectId: id, words: `${what} ${done}` });
  };
  return adminFunction(async (req, call) => {
    const id = pathId(call.params, label);
    const method = req.method.toUpperCase();
    const allow = id
      ? ['GET', ...(resource.update ? ['PUT'] : []), ...(resource.remove ? ['DELETE'] : [])]
      : [...(resource.list ? ['GET'] : []), ...(resource.create ? ['POST'] : [])];
    if (!allow.includes(method) && !(method === 'HEAD' && allow.includes('GET'))) {
      throw methodNotAllowed(method, allow);
    }

    if (method === 'GET' || method === 'HEAD') {
      if (!id) return json(await resource.list!(call.db, call.url));
      const row = await resource.get(call.db, id);
      if (!row) throw notFound(label, id);
      return json(row);
    }
    if (method === 'POST') {
      const input = await readJson(req, resource.createSchema, resource.bodyLimit);
      const row = await resource.create!(call.db, input, call.actor);
      await logged(call, 'created', row.id, row);
      await rebuild(call, 'create', row.id, row);
      return json(row, 201);
    }
    if (method === 'PUT') {
      const input = await readJson(req, resource.updateSchema, resource.bodyLimit);
      const bodyId = (input as { id?: string }).id;
      if (bodyId !== undefined && bodyId.toLowerCase() !== id) {
        throw new Invalid('invalid_input', 'The id in the body does not match the id in the path.', {
          fields: { id: 'Does not match the path.' },
        });
      }
      const row = await resource.update!(call.db, id!, input, call.adminSubject, call.actor);
      if (!row) throw notFound(label, id!);
      await logged(call, 'saved', row.id, row);
      await rebuild(call, 'update', row.id, row);
      return json(row);
    }
    const before = await resource.get(call.db, id!);
    const removed = await resource.remove!(call.db, id!, call.actor);
    if (!removed) throw notFound(label, id!);
    await logged(call, 'deleted', id!, before ?? undefined);
    await rebuild(call, 'delete', id!);
    return json({ id, deleted: true });
  });
}
