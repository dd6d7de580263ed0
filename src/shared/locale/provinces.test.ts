import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AddressSchema } from '../schema/address.ts';
import { conformPostalCode } from './countries.ts';
import { findProvince, provinceOfPostalCode, provincesOf } from './provinces.ts';
import { capitalize } from './text-case.ts';

describe('provinces', () => {
  it.each([
    ['US', '97205', 'OR'],
    ['US', '02116-1234', 'MA'],
    ['US', '10001', 'NY'],
    ['US', '20500', 'DC'],
    ['US', '73301', 'TX'],
    ['US', '99501', 'AK'],
    ['US', '96813', 'HI'],
    ['US', '00901', undefined],
    ['CA', 'K1A 0B1', 'ON'],
    ['CA', 'h2x1y4', 'QC'],
    ['CA', 'X0A 0H0', 'NU'],
    ['CA', 'X1A 2P7', 'NT'],
    ['GB', 'SW1A 1AA', undefined],
  ])('the postal code %s %s is in %s', (country, postal, province) => {
    expect(provinceOfPostalCode(country, postal)).toBe(province);
  });

  it('every state a ZIP prefix names is on the list', () => {
    const states = provincesOf('US') ?? {};
    for (let prefix = 0; prefix < 1000; prefix++) {
      const state = provinceOfPostalCode('US', `${String(prefix).padStart(3, '0')}00`);
      if (state) expect(states).toHaveProperty(state);
    }
    expect(Object.keys(states)).toHaveLength(51);
    expect(Object.keys(provincesOf('IT') ?? {})).toHaveLength(107);
  });

  it.each([
    ['US', 'or', 'OR'],
    ['US', 'new york', 'NY'],
    ['CA', 'Québec', 'QC'],
    ['CA', 'quebec', 'QC'],
    ['IT', 'Forli Cesena', 'FC'],
    ['IT', "l'aquila", 'AQ'],
    ['US', 'Ontario', undefined],
    ['FR', 'Paris', undefined],
  ])('%s province %s is %s', (country, typed, code) => {
    expect(findProvince(country, typed)).toBe(code);
  });
});

describe('postal code masks', () => {
  it.each([
    ['CA', 'k1a0b1', 'K1A 0B1'],
    ['CA', 'K1A-0B1', 'K1A 0B1'],
    ['US', '021161234', '02116-1234'],
    ['US', ' 97205 ', '97205'],
    ['GB', 'sw1a1aa', 'SW1A 1AA'],
    ['GB', 'm11ae', 'M1 1AE'],
    ['NL', '1012ab', '1012 AB'],
    ['PT', '1000100', '1000-100'],
    ['FR', '75001', '75001'],
    ['CA', 'not a code', 'NOT A CODE'],
  ])('%s %s is written %s', (country, typed, written) => {
    expect(conformPostalCode(country, typed)).toBe(written);
  });
});

describe('the address rules', () => {
  it('capitalizes a name typed in lower case and leaves a spelling with capitals alone', () => {
    expect(capitalize('ana lima')).toBe('Ana Lima');
    expect(capitalize("o'neil-smith")).toBe("O'Neil-Smith");
    expect(capitalize('van der Berg')).toBe('van der Berg');
    expect(capitalize('DE LA CRUZ')).toBe('DE LA CRUZ');
  });

  const address = {
    firstName: 'ana',
    lastName: 'lima',
    addressLine1: '12 Pine Street',
    city: 'toronto',
    postalCode: 'm5v2t6',
    province: 'ontario',
    countryCode: 'ca',
    phone: '4165550123',
  };

  it('writes an address as its rules do', () => {
    expect(v.parse(AddressSchema, address)).toMatchObject({
      firstName: 'Ana',
      lastName: 'Lima',
      city: 'Toronto',
      postalCode: 'M5V 2T6',
      province: 'ON',
      countryCode: 'CA',
    });
  });

  it('asks for a province from the list where the country names one, and for none elsewhere', () => {
    const issues = (input: object) => v.safeParse(AddressSchema, input).issues?.map((issue) => [v.getDotPath(issue), issue.message]);
    expect(issues({ ...address, province: '' })).toEqual([['province', 'This field is required']]);
    expect(issues({ ...address, province: 'Atlantis' })).toEqual([['province', 'Choose a state or province from the list.']]);
    expect(issues({ ...address, addressLine1: 'x'.repeat(31) })).toEqual([['addressLine1', 'Value must not be longer than 30 characters']]);
    expect(v.parse(AddressSchema, { ...address, countryCode: 'FR', province: '', postalCode: '75001', city: 'Paris', phone: '612345678' }).province).toBe('');
  });
});
