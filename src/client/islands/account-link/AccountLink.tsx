// The header's account link, the same markup for every shopper (the page stays cacheable): the wording
// for a signed-in shopper and a store device rides in data attributes for the client to use.

import { Icon } from '../../../shared/ui/Icon.tsx';

export interface AccountLinkProps {
  href: string;
  label: string;
  /** "Hi, {name}". */
  hello: string;
  signedInLabel: string;
  /** "In store: {employee} at {store}", its link's text and target. */
  associate: string;
  associateManage: string;
  associateHref: string;
}

export function AccountLink(props: AccountLinkProps) {
  return (
    <a
      className="icon-link"
      href={props.href}
      data-account-link=""
      data-sign-in=""
      data-hello={props.hello}
      data-signed-in={props.signedInLabel}
      data-associate={props.associate}
      data-associate-manage={props.associateManage}
      data-associate-href={props.associateHref}
    >
      <Icon name="account" />
      <span className="icon-link__label">{props.label}</span>
    </a>
  );
}
