export const ACCESSORIES = {};
