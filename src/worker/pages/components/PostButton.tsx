// A form of one button: the cart's and the favorites' actions are plain posts that work without JavaScript.

import type { ReactNode } from 'react';

/** One action as a plain post of its own (with the hidden fields it needs): it works without JavaScript. */
export function PostButton({
  action,
  fields = {},
  label,
  className = 'link-button',
  disabled,
  describedBy,
  children,
}: {
  action: string;
  fields?: Record<string, string>;
  /** The accessible name, when the visible words alone do not say which item it acts on. */
  label?: string;
  className?: string;
  disabled?: boolean;
  describedBy?: string | undefined;
  children: ReactNode;
}) {
  return (
    <form method="post" action={action}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button className={className} type="submit" aria-label={label} disabled={disabled} aria-describedby={describedBy}>
        {children}
      </button>
    </form>
  );
}
