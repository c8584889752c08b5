import { loadEnv } from '../../api/src/platform/env';
import { bootPlatform, type Platform, shutdownPlatform } from '../../api/src/platform/index';
import { BENCH_DATA_DIR, BENCH_SECRETS } from './common';

/**
 * The platform inside the bench process, on the bench's database: migrations, factories, token signing and
 * statement counting with the same code the API uses. Never starts workers (the API process does the work).
 */
export async function bootBenchPlatform(databaseUrl: string): Promise<Platform> {
  const env = loadEnv({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DATA_DIR: `${BENCH_DATA_DIR}/bench-process`,
    SIMULATOR_ENABLED: '1',
    ...BENCH_SECRETS,
  });
  return bootPlatform({ env });
}

export { shutdownPlatform };
