// The capitalize transform of the address rules (commerce-core §5), shared by the API and the forms: a name
// typed all in lower case gets its capitals; one typed with any capital is the shopper's own spelling.

export const capitalize = (text: string) =>
  text === text.toLowerCase() ? text.replace(/(^|[\s'-])(\p{Ll})/gu, (_, before: string, letter: string) => `${before}${letter.toUpperCase()}`) : text;
