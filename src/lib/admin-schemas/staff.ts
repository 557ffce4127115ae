import { isEmail } from '../identifiers.ts';
import { z } from '../zod.ts';

/** The roles' keys, as the server's role table (src/server/staff/roles.ts) names them. */
export const STAFF_ROLE_KEYS = ['owner', 'office', 'art', 'production', 'shipping'] as const;

const role = z.enum(STAFF_ROLE_KEYS, 'Choose a role.');
const name = z.string().trim().min(1, 'Enter their name.').max(120, 'At most 120 characters.');

/** POST /api/admin/staff: invite a person by e-mail with a role. */
export const staffInviteSchema = z.strictObject({
  name,
  email: z.string().trim().max(254).refine(isEmail, 'Enter an e-mail address like maria@example.com.'),
  role,
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** PUT /api/admin/staff/:id: a new role (and, optionally, a new name). */
export const staffUpdateSchema = z.strictObject({ role, name: name.optional() });
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;

/** The password form of an invitation's page. */
export const MIN_STAFF_PASSWORD = 10;
export const staffPasswordSchema = z.strictObject({
  password: z
    .string()
    .min(MIN_STAFF_PASSWORD, `Use at least ${MIN_STAFF_PASSWORD} characters.`)
    .max(1024, 'At most 1024 characters.'),
  confirm: z.string().max(1024),
});
