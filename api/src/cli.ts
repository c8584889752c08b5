import { ApiTokenInput, DomainError } from '@zapdesk/core';
import { emailField, nameField, passwordField } from '@zapdesk/core/users/user.fields';
import { z } from 'zod';
import { createApiTokenForCompany } from './modules/api-tokens/api-tokens.service';
import { resetPassword } from './modules/auth/auth.service';
import { ensureCompanyDefaults } from './modules/companies/defaults.service';
import { seedDemo } from './modules/companies/demo-seed';
import { createMasterUser } from './modules/companies/master';
import { bootPlatform, shutdownPlatform } from './platform/index';
import { log } from './platform/log';

const USAGE = `usage: bun run cli <command> [options]

commands:
  migrate                                   apply database migrations
  seed-demo                                 create the demo company and users (idempotent)
  create-master --email E --password P --name N [--company C]
                                            create a master (platform) administrator
  reset-password --email E --password P     set a new password; ends the user's sessions
  api-token:create --company ID --connection ID [--name N] [--status open|pending|closed|destroy]
                   [--mode create|update] [--queue ID] [--user ID]
                                            make a message-API token; prints ONLY the token
                                            (TOKEN=$(bun run cli api-token:create …)). With the embedded
                                            database, stop the server first (one process at a time).
`;

const CreateMaster = z.object({
  email: emailField(),
  password: passwordField(),
  name: nameField(),
  company: nameField().optional(),
});
const ResetPassword = z.object({ email: emailField(), password: passwordField() });
const cliId = (what: string) =>
  z.coerce
    .number({ error: `${what} id` })
    .int(`${what} id`)
    .positive(`${what} id`);
const CreateApiToken = z.object({
  company: cliId('company'),
  connection: cliId('connection'),
  name: z.string().optional(),
  status: z.string().optional(),
  mode: z.string().optional(),
  queue: z.string().optional(),
  user: z.string().optional(),
});

function parse<T extends z.ZodType>(schema: T, values: unknown): z.infer<T> {
  const r = schema.safeParse(values);
  if (!r.success) {
    const first = r.error.issues[0];
    throw new CliError(`--${first.path.join('.')}: ${first.message}`);
  }
  return r.data;
}

export class CliError extends Error {}

const OPTIONS = ['email', 'password', 'name', 'company', 'connection', 'status', 'mode', 'queue', 'user'] as const;

/** `--key value` and `--key=value` pairs; unknown or valueless options are usage errors. */
export function parseOptions(args: string[]): Partial<Record<(typeof OPTIONS)[number], string>> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--')) throw new CliError(`unexpected argument: ${arg}`);
    const eq = arg.indexOf('=');
    const key = arg.slice(2, eq === -1 ? undefined : eq);
    if (!(OPTIONS as readonly string[]).includes(key)) throw new CliError(`unknown option: --${key}`);
    const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
    if (value === undefined || (eq === -1 && value.startsWith('--'))) throw new CliError(`--${key} needs a value`);
    out[key] = value;
  }
  return out;
}

/**
 * Runs one command against the booted platform; returns the line to print. Throws CliError (usage) or
 * DomainError (refused). The process wrapper below boots, runs, shuts down and sets the exit code.
 */
export async function runCommand(argv: string[]): Promise<string> {
  const [command, ...rest] = argv;
  const values = parseOptions(rest);
  switch (command) {
    case 'migrate':
      // bootPlatform already applied the migrations
      return 'migrations applied';
    case 'seed-demo': {
      const { company, admin, agent } = await seedDemo();
      return `demo company "${company.name}" (#${company.id}) ready: ${admin.email}, ${agent.email}`;
    }
    case 'create-master': {
      const input = parse(CreateMaster, values);
      const { user, company } = await createMasterUser(input);
      await ensureCompanyDefaults(company.id);
      return `master ${user.email} created in company "${company.name}" (#${company.id})`;
    }
    case 'reset-password': {
      const input = parse(ResetPassword, values);
      const user = await resetPassword(input.email, input.password);
      return `password of ${user.email} reset; its sessions were ended`;
    }
    case 'api-token:create': {
      const o = parse(CreateApiToken, values);
      const input = ApiTokenInput.safeParse({
        name: o.name ?? 'Token da CLI',
        whatsappId: o.connection,
        ticketSetStatus: o.status,
        ticketCreateOrUpdate: o.mode,
        queueId: o.queue,
        userId: o.user,
      });
      if (!input.success) {
        const first = input.error.issues[0];
        const option =
          {
            whatsappId: 'connection',
            ticketSetStatus: 'status',
            ticketCreateOrUpdate: 'mode',
            queueId: 'queue',
            userId: 'user',
          }[String(first.path[0])] ?? String(first.path[0]);
        throw new CliError(`--${option}: ${first.message}`);
      }
      const token = await createApiTokenForCompany(o.company, input.data);
      // stdout is the token alone, so `TOKEN=$(bun run cli api-token:create …)` works
      return token.plainToken;
    }
    default:
      throw new CliError(command ? `unknown command: ${command}` : 'missing command');
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (!argv.length || argv[0] === '--help' || argv[0] === 'help') {
    console.log(USAGE);
    return argv.length ? 0 : 2;
  }
  if (!['migrate', 'seed-demo', 'create-master', 'reset-password', 'api-token:create'].includes(argv[0])) {
    console.error(`unknown command: ${argv[0]}\n\n${USAGE}`);
    return 2;
  }
  // the token command's stdout is the token alone: the platform's log (stdout) stays quiet; errors go to stderr
  if (argv[0] === 'api-token:create') log.level = 'silent';
  await bootPlatform();
  try {
    console.log(await runCommand(argv));
    return 0;
  } catch (err) {
    if (err instanceof CliError) console.error(`${err.message}\n\n${USAGE}`);
    else if (err instanceof DomainError) console.error(`${err.code}: ${err.message}`);
    else console.error(err instanceof Error ? err.message : err);
    return 1;
  } finally {
    await shutdownPlatform();
  }
}

if (import.meta.main) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
