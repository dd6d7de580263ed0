import { describe, expect, it } from 'vitest';
import { type BuyButtonInput, buyButton } from './buy-button.ts';

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
