import type { ReactNode } from 'react';

/**
 * A page's title row. Its h1 is `#page-title`: the page's section is labelled by it and focus moves to it
 * when the page opens (so it takes focus only from code, `tabIndex={-1}`). Actions go in `children`.
 */
export function PageHeader({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div>
        <h1 id="page-title" tabIndex={-1}>
          {title}
        </h1>
        {subtitle !== undefined && <p className="page-subtitle">{subtitle}</p>}
      </div>
      {children}
    </header>
  );
}
