// Shown in place of a page body whose data failed after the header had already been sent.

import { usePage } from '../page-context.tsx';

export function DeferredError() {
  const { t } = usePage();
  return (
    <div className="page page--message" role="alert">
      <h1>{t('error.general.title')}</h1>
      <p>{t('error.deferred')}</p>
    </div>
  );
}
