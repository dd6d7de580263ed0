export const TOPS = {};
