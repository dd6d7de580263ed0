// Product types of the catalog. The type picks the illustration and the size system.

export const PRODUCT_TYPES = [
  'boot',
  'hiker',
  'chukka',
  'sneaker',
  'runner',
  'loafer',
  'sandal',
  'slide',
  'jacket',
  'parka',
  'vest',
  'fleece',
  'hoodie',
  'sweatshirt',
  'tee',
  'shirt',
  'pants',
  'shorts',
  'joggers',
  'beanie',
  'cap',
  'backpack',
  'tote',
  'socks',
  'belt',
  'gift-card',
] as const;

export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Views every product has an illustration for, in gallery order. */
export const IMAGE_VIEWS = ['side', 'angle', 'detail'] as const;
export type ImageView = (typeof IMAGE_VIEWS)[number];
