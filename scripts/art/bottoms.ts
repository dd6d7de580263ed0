export const BOTTOMS = {};
