import { log } from './log';

/**
 * The seam where areas react to a company leaving service (issue 20): `deactivated` when the master turns
 * 'Empresa Ativada' off (or billing blocks it), `reactivated` when it is turned on again (the master, or billing on
 * payment), `deleting` before its rows are removed. The companies area runs the
 * hooks; the areas that hold live resources (WhatsApp sessions) register theirs at startup, by name, so registering
 * twice replaces rather than duplicates. A failing hook is logged and never stops the others.
 */
export type CompanyLifecycleEvent = 'deactivated' | 'reactivated' | 'deleting';
type Hook = (companyId: number) => Promise<void>;

const hooks: Record<CompanyLifecycleEvent, Map<string, Hook>> = {
  deactivated: new Map(),
  reactivated: new Map(),
  deleting: new Map(),
};

export function onCompanyLifecycle(event: CompanyLifecycleEvent, name: string, hook: Hook): void {
  hooks[event].set(name, hook);
}

export async function runCompanyLifecycle(event: CompanyLifecycleEvent, companyId: number): Promise<void> {
  for (const [name, hook] of hooks[event]) {
    try {
      await hook(companyId);
    } catch (err) {
      log.error({ err, companyId, hook: name, event }, 'company lifecycle hook failed');
    }
  }
}
