// /{locale}/associate-login: a store device connects an in-store associate (account-content §3, §4). Two
// plain steps that need no JavaScript: choose the store (a GET, so ?storeNum= preselects it), then your
// name and PIN. Connected, the page says who and where, and clears the session.

import type { BuyInStore } from '../../../shared/session.ts';
import type { Errors } from '../../../shared/ui/account-forms.tsx';
import { FormNotice, SelectField, TextField } from '../../../shared/ui/form.tsx';
import type { StoreStaff } from '../../commerce/identity/associates.ts';
import { usePage } from '../page-context.tsx';

export type AssociateState =
  | { view: 'connect'; stores: { id: string; name: string; city: string }[]; staff: StoreStaff | null; employeeId?: string; errors?: Errors; cleared?: boolean }
  | { view: 'connected'; buyInStore: BuyInStore };

export function AssociateLoginPage({ state }: { state: AssociateState }) {
  const { t, locale } = usePage();
  const action = `/${locale.code}/associate-login`;
  if (state.view === 'connected') {
    const { buyInStore } = state;
    return (
      <div className="page page--form">
        <h1>{t('associate.connectedTitle')}</h1>
        <FormNotice kind="success">
          <p>{t('associate.connected', { employee: buyInStore.storeEmployeeName, store: buyInStore.storeName })}</p>
        </FormNotice>
        <p>
          <a className="button button--primary button--wide" href={`/${locale.code}`}>
            {t('associate.startShopping')}
          </a>
        </p>
        <form className="form" method="post" action={`${action}/clear`}>
          <p id="associate-clear-hint">{t('associate.clearHint')}</p>
          <button className="button button--secondary button--wide" type="submit" aria-describedby="associate-clear-hint">
            {t('associate.clear')}
          </button>
        </form>
      </div>
    );
  }
  const { stores, staff, errors } = state;
  return (
    <div className="page page--form">
      <h1>{t('associate.title')}</h1>
      <p>{t('associate.intro')}</p>
      {errors?.form ? (
        <FormNotice kind="error">
          <p>{errors.form}</p>
        </FormNotice>
      ) : null}
      <form className="form" method="get" action={action}>
        <SelectField
          required
          id="associate-store"
          name="storeNum"
          label={t('associate.store')}
          defaultValue={staff?.store.id ?? ''}
          options={[{ value: '', label: t('associate.chooseStore') }, ...stores.map((store) => ({ value: store.id, label: `${store.name} (${store.city})` }))]}
          error={errors?.storeId}
        />
        <button className={staff ? 'button button--secondary' : 'button button--primary button--wide'} type="submit">
          {t('associate.showStaff')}
        </button>
      </form>
      {staff ? (
        <form className="form associate__connect" method="post" action={action} noValidate>
          <input type="hidden" name="storeId" value={staff.store.id} />
          {staff.employees.length === 0 ? (
            <p>{t('associate.noStaff')}</p>
          ) : (
            <>
              <SelectField
                required
                id="associate-employee"
                name="employeeId"
                label={t('associate.employee')}
                defaultValue={state.employeeId ?? ''}
                options={[
                  { value: '', label: t('associate.chooseEmployee') },
                  ...staff.employees.map((employee) => ({ value: employee.employeeId, label: employee.name })),
                ]}
                error={errors?.employeeId}
              />
              <TextField
                required
                id="associate-pin"
                name="pin"
                label={t('associate.pin')}
                type="password"
                inputMode="numeric"
                autoComplete="off"
                error={errors?.pin}
              />
              <button className="button button--primary button--wide" type="submit">
                {t('associate.connect')}
              </button>
            </>
          )}
        </form>
      ) : null}
    </div>
  );
}
