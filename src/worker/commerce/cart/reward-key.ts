// How a reward code or reward card number is written before it is hashed (the seed and the store agree on
// it): no spaces or dashes, capitals, and a prefix so a reward can never open as a gift card or back.

export const rewardKey = (code: string) => `reward:${code.replace(/[\s-]/g, '').toUpperCase()}`;

/** A reward code ("RWD-LEO1-BDAY": letters and digits in groups of four after RWD) or a reward card's 16 digits. */
export const REWARD_CODE_PATTERN = /^RWD[A-Z0-9]{8}$/;
export const REWARD_CARD_PATTERN = /^6033\d{12}$/;
