// What a shopper may upload as photos (a review's, a warranty claim's): the worker enforces it
// (lib/uploaded-image.ts, lib/photo-store.ts); the forms and dialogs say it and check it before sending.

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const REVIEW_PHOTOS_MAX = 3;
