import { type CompanyBrandingDto, events } from '@zapdesk/core';
import { appStore } from '../../lib/store';
import { useSseChannel } from '../../lib/use-sse';
import { sessionUserAtom } from '../auth/atoms/session-user-atom';
import { useSessionUser } from '../auth/use-capabilities';

/** Puts a company's new name, slogan, logo and time zone into the session user, so the top bar follows without a re-login. */
export function applyCompanyBranding(company: CompanyBrandingDto): void {
  appStore.set(sessionUserAtom, (u) =>
    u && u.companyId === company.id
      ? {
          ...u,
          company: {
            ...u.company,
            name: company.name,
            companyName: company.companyName,
            slogan: company.slogan,
            logoUrl: company.logoUrl,
            timezone: company.timezone,
          },
        }
      : u,
  );
}

/** Every open tab of the company follows a settings change (`company-{companyId}` update). */
export function useCompanyBrandingLive(): void {
  const user = useSessionUser();
  useSseChannel(user ? events.company.of(user.companyId) : null, (e) => {
    if (e?.action === 'update' && e.company) applyCompanyBranding(e.company);
  });
}
