// Breadcrumb trail: home, the category path, and the current page (not a link).

import { paths } from '../../../shared/routes.ts';
import { usePage } from '../page-context.tsx';

export interface Crumb {
  name: string;
  url?: string;
}

export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const { t, locale } = usePage();
  const all: Crumb[] = [{ name: t('breadcrumb.home'), url: paths.home(locale.code) }, ...trail];
  return (
    <nav className="breadcrumbs" aria-label={t('a11y.breadcrumbs')}>
      <ol>
        {all.map((crumb, i) => (
          <li key={crumb.url ?? crumb.name}>
            {crumb.url && i < all.length - 1 ? <a href={crumb.url}>{crumb.name}</a> : <span aria-current="page">{crumb.name}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
