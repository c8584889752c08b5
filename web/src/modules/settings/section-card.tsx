import type { ReactNode } from 'react';

/** A card of the settings screen: an icon, a title, what it is for, and its content. */
export function SectionCard({
  icon,
  title,
  description,
  children,
  testId,
}: {
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="card bg-base-100 shadow-sm" data-testid={testId}>
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex items-start gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            {icon}
          </div>
          <div className="min-w-0">
            <h2 className="card-title text-base">{title}</h2>
            <p className="text-sm text-base-content/60">{description}</p>
          </div>
        </div>
        {children}
      </div>
    </section>
  );
}
