import { isEmail } from '../identifiers.ts';
import { z } from '../zod.ts';

/**
 * POST /api/admin/login: the owner signs in with the shop's password alone; everyone else with
 * their e-mail address and password.
 */
export const adminLoginSchema = z.strictObject({
  email: z.string().trim().max(254).optional(),
  password: z.string().min(1, 'Enter the password.').max(1024),
});
export type AdminLogin = z.infer<typeof adminLoginSchema>;

/** The answer of a successful login: a Bearer token for the Authorization header. */
export interface AdminLoginAnswer {
  token: string;
  /** ISO time the token stops working (at most 12 hours on). */
  expires_at: string;
}

/** GET /api/admin/session: who is signed in, and what their role may do. */
export interface AdminSessionAnswer {
  sub: string;
  expires_at: string;
  staff: {
    id: string;
    name: string;
    email: string | null;
    role: string;
    role_name: string;
    role_summary: string;
    permissions: string[];
  };
}

/** Where the SPA keeps the token (docs/decisions/spec-rules.md#s6). */
export const ADMIN_TOKEN_STORAGE_KEY = 'adminToken';

/** POST /api/staff/password-reset: "Forgot password" on the sign-in (issue 45). */
export const staffPasswordResetSchema = z.strictObject({
  email: z.string().trim().max(254).refine(isEmail, 'Enter your e-mail address, like maria@example.com.'),
});
export type StaffPasswordResetRequest = z.infer<typeof staffPasswordResetSchema>;

/** Its answer: the same words whoever the address belongs to. */
export interface StaffPasswordResetAnswer {
  message: string;
}

/**
 * POST /api/staff/sign-in-code (issue 45): a person's e-mail alone asks for a one-time code by
 * e-mail (202, the same answer for any address); with the code typed, it signs them in.
 */
export const staffCodeSignInSchema = z.strictObject({
  email: z.string().trim().max(254).refine(isEmail, 'Enter your e-mail address, like maria@example.com.'),
  code: z
    .string()
    .trim()
    .regex(/^\d{3} ?\d{3}$/, 'Type the six digits of the code we e-mailed you.')
    .optional(),
});
export type StaffCodeSignIn = z.infer<typeof staffCodeSignInSchema>;

/** The answer when a code was asked for: the same words whoever the address belongs to. */
export interface StaffCodeAsked {
  message: string;
}
