// /{locale}/associate-login: a store device connects an in-store associate (account-content §3, §4). Plain
// forms that need no JavaScript: a device not yet registered to a store takes the device code an operator
// issued for it; a registered device lists its store's associates, and takes a name and PIN. Connected,
// the page says who and where, and clears the session.

import type { BuyInStore } from '../../../shared/api/session.ts';
import type { Errors } from '../../../shared/ui/account-form-frame.tsx';
import { FormNotice, SelectField, TextField } from '../../../shared/ui/form.tsx';
import type { StoreStaff } from '../../commerce/identity/associates.ts';
import type { StoreDevice } from '../../commerce/stores/devices.ts';
import { usePage } from '../page-context.tsx';

export type AssociateState =
  | { view: 'register'; deviceCode?: string; errors?: Errors }
  | { view: 'connect'; device: StoreDevice; staff: StoreStaff; employeeId?: string; errors?: Errors }
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
  const { errors } = state;
  const notice = errors?.form ? (
    <FormNotice kind="error">
      <p>{errors.form}</p>
    </FormNotice>
  ) : null;
  if (state.view === 'register') {
    return (
      <div className="page page--form">
        <h1>{t('associate.title')}</h1>
        <p id="associate-device-intro">{t('associate.deviceIntro')}</p>
        {notice}
        <form className="form" method="post" action={`${action}/device`} noValidate>
          <TextField
            required
            id="associate-device-code"
            name="deviceCode"
            label={t('associate.deviceCode')}
            defaultValue={state.deviceCode ?? ''}
            autoComplete="off"
            error={errors?.deviceCode}
          />
          <button className="button button--primary button--wide" type="submit">
            {t('associate.registerDevice')}
          </button>
        </form>
      </div>
    );
  }
  const { device, staff } = state;
  return (
    <div className="page page--form">
      <h1>{t('associate.title')}</h1>
      <p>{t('associate.intro')}</p>
      <p>{t('associate.deviceOf', { store: device.storeName, city: device.storeCity })}</p>
      {notice}
      <form className="form associate__connect" method="post" action={action} noValidate>
        <input type="hidden" name="storeId" value={device.storeId} />
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
    </div>
  );
}
