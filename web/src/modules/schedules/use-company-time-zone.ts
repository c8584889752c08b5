import { DEFAULT_TIMEZONE } from '@zapdesk/core';
import { useSessionUser } from '../auth/use-capabilities';

/** The company's time zone (Settings): schedules are typed and shown on its clock. */
export function useCompanyTimeZone(): string {
  const user = useSessionUser();
  return user?.company.timezone || DEFAULT_TIMEZONE;
}
