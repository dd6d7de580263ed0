// Markup of the product page's notify-me form (the cart issue, §7): the sold-out sizes of the colour and
// an email. A plain form without JavaScript; notify-me.ts sends it in place, loaded on first use.

import { SelectField, TextField } from '../../../shared/ui/form.tsx';

export interface NotifyMeProps {
  action: string;
  /** The sold-out variants of the colour, labelled as the shopper chooses them ("9 · Wide"). */
  options: { value: string; label: string }[];
  selected: string | null;
  labels: { title: string; intro: string; size: string; email: string; submit: string; done: string; failed: string };
}

export default function NotifyMe({ action, options, selected, labels }: NotifyMeProps) {
  return (
    <section className="notify-me" aria-labelledby="notify-me-title">
      <h2 id="notify-me-title" className="notify-me__title">
        {labels.title}
      </h2>
      <p className="notify-me__intro">{labels.intro}</p>
      <form className="notify-me__form" method="post" action={action} noValidate data-notify-form="">
        <SelectField id="notify-me-size" name="productId" label={labels.size} options={options} defaultValue={selected ?? options[0]?.value ?? ''} />
        <TextField id="notify-me-email" name="email" type="email" label={labels.email} autoComplete="email" required maxLength={100} />
        <button className="button button--secondary" type="submit">
          {labels.submit}
        </button>
        <p className="notify-me__status" role="status" data-notify-status="" />
      </form>
    </section>
  );
}
