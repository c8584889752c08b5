import { z } from 'zod';
import { emailField, nameField, passwordField, TEXT } from '../users/user.fields';

/**
 * Login credentials. The spec gives the login form no validation texts; a missing field is still bad input
 * (400 with 'Required'), wrong values are the ERR_INVALID_CREDENTIALS_* codes.
 */
export const LoginInput = z.object({
  email: z
    .string({ error: TEXT.required })
    .trim()
    .min(1, TEXT.required)
    .max(254, TEXT.tooLong)
    .transform((s) => s.toLowerCase()),
  password: z.string({ error: TEXT.required }).min(1, TEXT.required).max(200, TEXT.tooLong),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** Sign-up (spec 1 §5): name 2–50, password 5–50, email required and valid. companyName is ours (optional). */
export const SignupInput = z.object({
  name: nameField(),
  email: emailField(),
  password: passwordField(),
  companyName: nameField().optional(),
});
export type SignupInput = z.infer<typeof SignupInput>;
