import {
  ApiTokenInput,
  CompanyCreateInput,
  type CompanyDto,
  DomainError,
  formatBrl,
  PageQuery,
  PlanCreateInput,
  toCents,
} from '@zapdesk/core';
import { emailField, nameField, passwordField } from '@zapdesk/core/users/user.fields';
import { z } from 'zod';
import { createApiTokenForCompany } from './modules/api-tokens/api-tokens.service';
import { resetPassword } from './modules/auth/auth.service';
import { ensureCompanyDefaults } from './modules/companies/defaults.service';
import { seedDemo } from './modules/companies/demo-seed';
import { createMasterUser } from './modules/companies/master';
import {
  createCompanyOnPlan,
  insertPlanWithDefaults,
  listCompaniesPage,
  setCompanyActive,
} from './modules/companies/saas.service';
import { installCompanyHooks } from './modules/whatsapp/whatsapp.startup';
import { bootPlatform, shutdownPlatform } from './platform/index';
import { log } from './platform/log';

const USAGE = `usage: bun run cli <command> [options]

commands:
  migrate                                   apply database migrations
  seed-demo                                 create the demo company and users (idempotent)
  create-master --email E --password P --name N [--company C]
                                            create a master (platform) administrator
  reset-password --email E --password P     set a new password; ends the user's sessions
  company:create --name N --email E --user-name U --password P [--plan ID] [--document CPF/CNPJ]
                                            a company on a plan (the standard one without --plan) with its
                                            first admin (login E unless --user-email is given)
  companies:list [--search S] [--page N]    companies, 20 a page: id, status, plan, users, connections
  company:activate --company ID             'Empresa Ativada' on
  company:deactivate --company ID           'Empresa Ativada' off: its users are logged out and its
                                            WhatsApp sessions stop
  plan:create --name N [--attendants N] [--connections N] [--price 99,90] [--public 0|1]
                                            a plan (spec defaults; --price is the monthly price of every
                                            period); prints its id
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
const CompanyCli = z.object({
  company: z.coerce.number({ error: 'company id' }).int('company id').positive('company id'),
});
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

const OPTIONS = [
  'email',
  'password',
  'name',
  'company',
  'connection',
  'status',
  'mode',
  'queue',
  'user',
  'user-name',
  'user-email',
  'plan',
  'document',
  'search',
  'page',
  'attendants',
  'connections',
  'price',
  'public',
] as const;

/** A zod refusal of a core schema as a CLI usage error naming the option. */
function parseAs<T extends z.ZodType>(schema: T, values: unknown, optionOf: Record<string, string>): z.infer<T> {
  const r = schema.safeParse(values);
  if (!r.success) {
    const first = r.error.issues[0];
    const field = String(first.path[0] ?? '');
    throw new CliError(`--${optionOf[field] ?? field}: ${first.message}`);
  }
  return r.data;
}

function companyLine(c: CompanyDto): string {
  const plan = c.planName ? `plan "${c.planName}"` : 'no plan';
  return `#${c.id} ${c.name} — ${c.status ? 'active' : 'INACTIVE'}, ${plan}, users ${c.usersCount}/${c.numberAttendants}, connections ${c.connectionsCount}/${c.numberConections}`;
}

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
    case 'company:create': {
      const input = parseAs(
        CompanyCreateInput,
        {
          name: values.name,
          email: values.email,
          userName: values['user-name'],
          userEmail: values['user-email'],
          passwordDefault: values.password,
          planId: values.plan,
          documentNumber: values.document,
        },
        {
          userName: 'user-name',
          userEmail: 'user-email',
          passwordDefault: 'password',
          planId: 'plan',
          documentNumber: 'document',
        },
      );
      const c = await createCompanyOnPlan(input);
      return `company created: ${companyLine(c)}; admin ${input.userEmail ?? input.email}`;
    }
    case 'companies:list': {
      const q = parseAs(
        PageQuery,
        { searchParam: values.search, pageNumber: values.page },
        {
          searchParam: 'search',
          pageNumber: 'page',
        },
      );
      const page = await listCompaniesPage(q);
      const lines = page.company.map(companyLine);
      lines.push(
        `${page.count} compan${page.count === 1 ? 'y' : 'ies'}${page.hasMore ? ` (more: --page ${q.pageNumber + 1})` : ''}`,
      );
      return lines.join('\n');
    }
    case 'company:activate':
    case 'company:deactivate': {
      const { company } = parse(CompanyCli, values);
      // the connections area stops a deactivated company's WhatsApp sessions (on their owner process with Redis)
      installCompanyHooks();
      // the CLI runs no session: an activation leaves the connections to resume marked (no start failing here)
      const c = await setCompanyActive(company, command === 'company:activate', { resume: false });
      return companyLine(c);
    }
    case 'plan:create': {
      const price = values.price;
      const cents = price === undefined ? undefined : toCents(price);
      if (cents === null) throw new CliError('--price: Valor inválido');
      const input = parseAs(
        PlanCreateInput,
        {
          name: values.name,
          numberAttendants: values.attendants,
          numberConnections: values.connections,
          isPublic:
            values.public === undefined
              ? undefined
              : values.public === '1'
                ? 1
                : values.public === '0'
                  ? 0
                  : values.public,
          ...(cents === undefined
            ? {}
            : { value1Month: price, value3Months: price, value6Months: price, value12Months: price }),
        },
        { numberAttendants: 'attendants', numberConnections: 'connections', isPublic: 'public' },
      );
      const plan = await insertPlanWithDefaults(input);
      return `plan #${plan.id} "${plan.name}" created: ${plan.numberAttendants} attendants, ${plan.numberConnections} connections, ${formatBrl(cents ?? 0)}/month, ${plan.isPublic ? 'public' : 'private'}`;
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
  const commands = [
    'migrate',
    'seed-demo',
    'create-master',
    'reset-password',
    'api-token:create',
    'company:create',
    'companies:list',
    'company:activate',
    'company:deactivate',
    'plan:create',
  ];
  if (!commands.includes(argv[0])) {
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
