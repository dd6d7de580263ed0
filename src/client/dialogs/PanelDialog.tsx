// The shell of the panel dialogs that hold a shopper's form (a review, a question, a gift card's recipient):
// a native modal <dialog> named by its title, closed by Escape, its close button or a click on the backdrop,
// telling its opener only once the 250 ms closing transition is over (commerce-core §2). A step with a form
// starts at its first field; any other step (a thank-you) at its title, so a screen reader hears where it is.

import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useI18n } from '../../shared/ui/i18n-context.tsx';
import { DialogClose } from './DialogClose.tsx';

/** commerce-core §2: dialog transitions last 250 ms. */
const TRANSITION_MS = 250;

export interface PanelDialogProps {
  className: string;
  title: string;
  /** Names the step shown: when it changes, focus moves to the new step. */
  step: string;
  onClosed: () => void;
  /** The step's content, given the way to close the dialog (a Close button, or after a change). */
  children: (close: () => void) => ReactNode;
}

export function PanelDialog({ className, title, step, onClosed, children }: PanelDialogProps) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const body = useRef<HTMLDivElement>(null);
  // A press that began inside (selecting text) and ended on the backdrop is not a click on the backdrop.
  const pressedOutside = useRef(false);
  const titleId = useId();
  const close = () => dialog.current?.close();
  useEffect(() => dialog.current?.showModal(), []);
  useEffect(() => {
    const first = body.current?.querySelector<HTMLElement>('form :is(input, select, textarea)');
    (first ?? body.current?.querySelector<HTMLElement>('h2'))?.focus();
  }, [step]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a pointer's way to close; Escape is the keyboard's.
    <dialog
      ref={dialog}
      className={`panel-dialog form-dialog ${className}`}
      aria-labelledby={titleId}
      onClose={() => setTimeout(onClosed, TRANSITION_MS)}
      onPointerDown={(event) => {
        pressedOutside.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressedOutside.current && event.target === event.currentTarget) close();
      }}
    >
      <div className="panel-dialog__body" ref={body}>
        <div className="panel-dialog__bar">
          <h2 id={titleId} tabIndex={-1}>
            {title}
          </h2>
          <DialogClose label={t('account.close')} onClick={close} />
        </div>
        {children(close)}
      </div>
    </dialog>
  );
}
