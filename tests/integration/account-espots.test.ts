// The account's content slots (account-content §2: account, account-profile, basecamp): the content team's
// blocks on the overview and the profile page, rendered with the page.

import { describe, expect, it } from 'vitest';
import { signedInJar } from './jar.ts';

describe('the account espots', () => {
  it('show the account and basecamp slots on the overview and the account-profile slot on the profile page', async () => {
    const jar = await signedInJar('ana@cairn.test', '198.19.23.1');
    const overview = (await jar.get('/en-us/account')).html;
    expect(overview).toContain('class="espot espot--account"');
    expect(overview).toContain('Free returns for 60 days');
    expect(overview).toContain('class="espot espot--basecamp"');
    expect(overview).toContain('href="/en-us/events/trail-day"');
    const profile = (await jar.get('/en-us/account/profile')).html;
    expect(profile).toContain('class="espot espot--account-profile"');
    expect(profile).toContain('Your details, your choice');
    const french = (await jar.get('/fr-fr/account')).html;
    expect(french).toContain('Camp de base');
  });
});
