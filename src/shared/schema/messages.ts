// Validation messages worded as the spec's validators (commerce-core §5).

export const messages = {
  required: 'This field is required',
  maxLength: (n: number) => `Value must not be longer than ${n} characters`,
  minLength: (n: number) => `Value must contain at least ${n} characters`,
  exactLength: (n: number) => `Value must contain exactly ${n} characters`,
  maxValue: (n: number) => `Value must not be greater than ${n}`,
  minValue: (n: number) => `Value must not be less than ${n}`,
  pattern: (regex: RegExp | string) => `Value should match ${String(regex)}`,
};
