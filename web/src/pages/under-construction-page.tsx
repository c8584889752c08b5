import { useLingui } from '@lingui/react/macro';
import { AREA_LABELS, type AreaKey } from '../modules/layout/area-labels';
import { EmptyState } from '../ui/empty-state';
import { IconWrench } from '../ui/icons';

/** Honest placeholder for a route whose area is not built yet: says so, names the area. */
export function UnderConstructionPage({ area }: { area: AreaKey }) {
  const { t, i18n } = useLingui();
  const name = i18n._(AREA_LABELS[area]);
  return (
    <div className="card bg-base-100 shadow-sm" data-testid="under-construction" data-area={area}>
      <div className="border-b border-base-300 px-6 py-4">
        <h1 className="text-xl font-semibold">{name}</h1>
      </div>
      <EmptyState
        icon={<IconWrench size={28} />}
        title={t`Em construção`}
        description={t`A área "${name}" ainda está em construção e estará disponível em breve.`}
      />
    </div>
  );
}
