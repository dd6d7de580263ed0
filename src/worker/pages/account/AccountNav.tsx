// The account area's sections, each a page of its own (the account issue, §1): the current one marked.

import { usePage } from '../page-context.tsx';

export type AccountSection = 'overview' | 'profile' | 'orders' | 'addresses' | 'payment' | 'lists' | 'notifications' | 'support';

export function AccountNav({ current }: { current: AccountSection }) {
  const { t, locale } = usePage();
  const base = `/${locale.code}/account`;
  const sections: [AccountSection, string, string][] = [
    ['overview', base, t('account.nav.overview')],
    ['profile', `${base}/profile`, t('account.nav.profile')],
    ['orders', `${base}/orders`, t('account.nav.orders')],
    ['addresses', `${base}/addresses`, t('account.nav.addresses')],
    ['payment', `${base}/payment`, t('account.nav.payment')],
    ['lists', `${base}/lists`, t('account.nav.lists')],
    ['notifications', `${base}/notifications`, t('account.nav.notifications')],
    ['support', `${base}/support`, t('support.title')],
  ];
  return (
    <nav className="account-nav" aria-label={t('account.nav.label')}>
      <ul>
        {sections.map(([section, href, label]) => (
          <li key={section}>
            <a href={href} aria-current={section === current ? 'page' : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
