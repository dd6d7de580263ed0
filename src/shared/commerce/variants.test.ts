import { describe, expect, it } from 'vitest';
import { availableQuantity, isInStock, stockStatus } from './stock.ts';
import { isOptionAvailable, type ProductAttribute, resolveVariant } from './variants.ts';

const attributes: ProductAttribute[] = [
  { type: 'color', options: [{ value: 'A1B2C3D4', label: 'Wheat' }] },
  { type: 'size', options: ['9', '9.5', '10'].map((s) => ({ value: s, label: s })) },
  { type: 'width', options: ['M', 'W'].map((w) => ({ value: w, label: w })) },
];
const variants = [
  { id: 'A1B2C3D401M', attributes: { color: 'A1B2C3D4', size: '9', width: 'M' }, inStock: true },
  { id: 'A1B2C3D401W', attributes: { color: 'A1B2C3D4', size: '9', width: 'W' }, inStock: false },
  { id: 'A1B2C3D402M', attributes: { color: 'A1B2C3D4', size: '9.5', width: 'M' }, inStock: false },
  { id: 'A1B2C3D402W', attributes: { color: 'A1B2C3D4', size: '9.5', width: 'W' }, inStock: false },
  { id: 'A1B2C3D403M', attributes: { color: 'A1B2C3D4', size: '10', width: 'M' }, inStock: true },
];

describe('resolveVariant', () => {
  it('resolves nothing until every non-colour attribute is chosen', () => {
    expect(resolveVariant(attributes, variants, {})).toBeUndefined();
    expect(resolveVariant(attributes, variants, { size: '9' })).toBeUndefined();
    expect(resolveVariant(attributes, variants, { width: 'W' })).toBeUndefined();
  });
  it('resolves the variant once size and width are chosen', () => {
    expect(resolveVariant(attributes, variants, { size: '9', width: 'W' })?.id).toBe('A1B2C3D401W');
  });
  it('needs no choice for attributes with a single option', () => {
    const oneWidth = attributes.map((a) => (a.type === 'width' ? { ...a, options: [{ value: 'M', label: 'M' }] } : a));
    expect(resolveVariant(oneWidth, variants, { size: '10' })?.id).toBe('A1B2C3D403M');
  });
  it('does not need the colour to be chosen', () => {
    expect(resolveVariant(attributes, variants, { size: '10', width: 'M', color: 'OTHER123' })?.id).toBe('A1B2C3D403M');
  });
});

describe('isOptionAvailable', () => {
  it('marks a size sold out when no width of it is in stock', () => {
    expect(isOptionAvailable(variants, {}, 'size', '9.5')).toBe(false);
    expect(isOptionAvailable(variants, {}, 'size', '9')).toBe(true);
  });
  it('takes the other choices into account', () => {
    expect(isOptionAvailable(variants, { width: 'W' }, 'size', '9')).toBe(false);
    expect(isOptionAvailable(variants, { size: '9' }, 'width', 'M')).toBe(true);
  });
});

describe('stock rules', () => {
  const physical = { isDigital: false, isRobisOnly: false };
  it('counts quantity above zero as in stock', () => {
    expect(isInStock(1, physical)).toBe(true);
    expect(isInStock(0, physical)).toBe(false);
    expect(stockStatus(2, physical)).toBe('LOW_STOCK');
    expect(stockStatus(12, physical)).toBe('IN_STOCK');
  });
  it('treats digital and reservation-only products as always available with quantity 1', () => {
    expect(availableQuantity(0, { isDigital: true, isRobisOnly: false })).toBe(1);
    expect(stockStatus(0, { isDigital: false, isRobisOnly: true })).toBe('IN_STOCK');
  });
});
