import type { Env } from './env';

/**
 * What the API prints when it is ready. The demo logins are printed only outside production: the demo company is
 * seeded only there, and a production log must never advertise a password.
 */
export function startupBanner(env: Env): string[] {
  const db = env.databaseUrl ? 'PostgreSQL' : `PGlite (${env.dataDir}/pglite)`;
  const lines = [
    '',
    `  API  ${env.backendUrl}   (database: ${db}; ${env.redisUrl ? 'Redis' : 'embedded'} jobs and events)`,
    `  Web  ${env.frontendUrl}`,
    '',
  ];
  if (!env.production) {
    lines.push(
      '  Demo logins:  admin@demo.local / demo1234  (master admin)',
      '                agent@demo.local / demo1234  (attendant, queue Suporte)',
      '',
    );
  }
  return lines;
}
