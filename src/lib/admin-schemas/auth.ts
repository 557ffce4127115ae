import { z } from '../zod.ts';

/** POST /api/admin/login */
export const adminLoginSchema = z.strictObject({
  password: z.string().min(1, 'Enter the password.').max(1024),
});
export type AdminLogin = z.infer<typeof adminLoginSchema>;

/** The answer of a successful login: a Bearer token for the Authorization header. */
export interface AdminLoginAnswer {
  token: string;
  /** ISO time the token stops working (at most 12 hours on). */
  expires_at: string;
}

/** Where the SPA keeps the token (docs/decisions/spec-rules.md#s6). */
export const ADMIN_TOKEN_STORAGE_KEY = 'adminToken';
