import { z } from 'zod';
import { emailField, flagField, idField, nameField, passwordField, TEXT } from './user.fields';

const profileField = () => z.enum(['admin', 'user'], { error: 'Invalid profile' });
const volumeField = () =>
  z.number({ error: 'Invalid volume' }).int('Invalid volume').min(0, 'Invalid volume').max(100, 'Invalid volume');
const greetingField = () => z.string({ error: 'Invalid value' }).max(10_000, TEXT.tooLong).nullable();
const queueIdsField = () =>
  z
    .array(idField(), { error: 'Invalid queues' })
    .max(500, 'Invalid queues')
    .transform((ids) => [...new Set(ids)]);

/** The user modal sends `password: ''` when the password is not being changed. */
const optionalPassword = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), passwordField().optional());

/** The fields create and update share, all optional. */
const userOptionalFields = {
  whatsappId: idField().nullable().optional(),
  userAuthorizationId: idField().nullable().optional(),
  greetingMessage: greetingField().optional(),
  enableGreeting: flagField().optional(),
  signMessage: flagField().optional(),
  showAllTickets: flagField().optional(),
  volume: volumeField().optional(),
  master: flagField().optional(),
  payPanelAccess: flagField().optional(),
};

/** POST /users (spec 1 §3, §5): name 2–50, email required and valid, password 5–50. */
export const UserCreateInput = z.object({
  name: nameField(),
  email: emailField(),
  password: passwordField(),
  profile: profileField().optional().default('user'),
  queueIds: queueIdsField().optional().default([]),
  ...userOptionalFields,
});
export type UserCreateInput = z.infer<typeof UserCreateInput>;

/** PUT /users/{id}: every field optional; the password only when given (5–50). */
export const UserUpdateInput = z.object({
  name: nameField().optional(),
  email: emailField().optional(),
  password: optionalPassword(),
  /** required when a user changes their OWN password (checked by the API against the stored hash) */
  currentPassword: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(200).optional()),
  profile: profileField().optional(),
  queueIds: queueIdsField().optional(),
  ...userOptionalFields,
});
export type UserUpdateInput = z.infer<typeof UserUpdateInput>;

/** Permission group (spec 1 §3, §5): name 2–50 and the flags; new-group defaults of spec 1 §9 apply server-side. */
const groupFlags = {
  allowNoQueue: flagField().optional(),
  allowMultipleTickets: flagField().optional(),
  viewMessagesByTicket: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'Invalid value' }).optional(),
  disableGreeting: flagField().optional(),
  disableSignature: flagField().optional(),
  enableAdministration: flagField().optional(),
  enableDash: flagField().optional(),
  allowCategorizeContacts: flagField().optional(),
  allowCreateCategoryContacts: flagField().optional(),
  allowViewPendingTickets: flagField().optional(),
  allowTicketExport: flagField().optional(),
};

export const UserAuthorizationInput = z.object({ name: nameField(), ...groupFlags });
export type UserAuthorizationInput = z.infer<typeof UserAuthorizationInput>;

export const UserAuthorizationUpdateInput = z.object({ name: nameField().optional(), ...groupFlags });
export type UserAuthorizationUpdateInput = z.infer<typeof UserAuthorizationUpdateInput>;
