import { describe, expect, it } from 'vitest';
import { type BuyButtonInput, buyButton, expressWalletShown } from './buy-button.ts';

const base: BuyButtonInput = { soldOut: false, notifyMe: false, presale: false, signedIn: false, updating: false };

describe('the buy button', () => {
  it.each([
    [{ soldOut: true, notifyMe: true }, 'notify-me'],
    [{ soldOut: true }, 'sold-out'],
    [{ soldOut: true, presale: true }, 'sold-out'],
    [{ presale: true }, 'sign-in-to-buy'],
    [{ presale: true, signedIn: true }, 'add-to-cart'],
    [{ presale: true, updating: true }, 'sign-in-to-buy'],
    [{ updating: true }, 'update-in-cart'],
    [{ signedIn: true }, 'add-to-cart'],
    [{}, 'add-to-cart'],
  ] as const)('%o is %s', (input, state) => {
    expect(buyButton({ ...base, ...input })).toBe(state);
  });
});

describe('the express wallet buttons', () => {
  const shown = { button: 'add-to-cart', presale: false, comingSoon: false } as const;
  it.each([
    [{}, true],
    [{ button: 'sold-out' }, false],
    [{ button: 'notify-me' }, false],
    [{ button: 'update-in-cart' }, false],
    [{ presale: true }, false],
    [{ comingSoon: true, button: 'sold-out' }, false],
    [{ comingSoon: true }, false],
  ] as const)('%o: %s', (input, expected) => {
    expect(expressWalletShown({ ...shown, ...input })).toBe(expected);
  });
});
