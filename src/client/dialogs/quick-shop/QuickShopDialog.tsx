// The quick-shop dialog (commerce-core §2): a product's sizes, price and buy button from a category card,
// without leaving the listing. The picker is the product page's own; once the shopper has added, the
// dialog closes and the mini-cart shows what is in the cart.

import type { ComponentType } from 'react';
import { useEffect, useRef } from 'react';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import type { ProductPickerProps } from '../../islands/product-picker/ProductPicker.tsx';
import { DialogClose } from '../DialogClose.tsx';

/** commerce-core §2: dialog transitions last 250 ms. */
const TRANSITION_MS = 250;

export interface QuickShopProps {
  name: string;
  colour: string;
  image: { src: string; alt: string };
  productUrl: string;
  picker: Omit<ProductPickerProps, 'quickShop'>;
  /** The product page's picker island, loaded as that island is (one chunk for both, none extra). */
  Picker: ComponentType<ProductPickerProps>;
  /** Opened from a cart line or a saved item: changes it to the chosen variant rather than adding one. */
  update?: ((variantId: string) => Promise<void>) | undefined;
  onClosed: (added: boolean) => void;
}

export function QuickShopDialog({ name, colour, image, productUrl, picker, Picker, update, onClosed }: QuickShopProps) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const added = useRef(false);
  useEffect(() => dialog.current?.showModal(), []);
  const close = () => dialog.current?.close();
  return (
    <dialog
      ref={dialog}
      className="panel-dialog quick-shop"
      aria-labelledby="quick-shop-title"
      onClose={() => setTimeout(() => onClosed(added.current), TRANSITION_MS)}
    >
      <div className="panel-dialog__body">
        <div className="panel-dialog__bar">
          <div>
            <h2 id="quick-shop-title">{name}</h2>
            <p className="quick-shop__colour">{colour}</p>
          </div>
          <DialogClose label={t('account.close')} onClick={close} />
        </div>
        <img className="quick-shop__image" src={image.src} alt={image.alt} width="480" height="480" />
        <Picker
          {...picker}
          quickShop={{
            onAdded: () => {
              added.current = true;
              close();
            },
            update,
          }}
        />
        <a className="quick-shop__details" href={productUrl}>
          {t('quickShop.details')}
        </a>
      </div>
    </dialog>
  );
}
