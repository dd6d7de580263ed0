// Photos shoppers send (the store services issue: a review's, §1; a warranty claim's, §3): up to three,
// each checked and cleaned of its metadata (lib/uploaded-image.ts), kept in the MEDIA bucket. A review's are
// shown only once it is approved; a claim's only to the operators handling it.

import { PHOTO_MAX_BYTES, REVIEW_PHOTOS_MAX } from '../../shared/media/photo-limits.ts';
import { HttpError } from './http-error.ts';
import { cleanPhoto, PHOTO_EXTENSIONS, PhotoError } from './uploaded-image.ts';

export interface StoredPhoto {
  key: string;
  contentType: string;
  bytes: number;
}

function refusal(error: PhotoError, name: string): HttpError {
  const details = (message: string) => [{ field: 'photos', message }];
  if (error.reason === 'too-large') {
    const message = `${name} is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`;
    return new HttpError('API413', `photos: ${message}`, details(message));
  }
  if (error.reason === 'not-an-image') {
    const message = `${name} is not a JPEG, PNG or WebP photo.`;
    return new HttpError('API415', `photos: ${message}`, details(message));
  }
  const message = `${name} could not be read as a photo.`;
  return new HttpError('API400', `photos: ${message}`, details(message));
}

/** The files a form or call sent as photos: an empty file input sends one nameless, empty file. */
export function chosenPhotos(values: readonly (string | File)[]): File[] {
  return values.filter((value): value is File => typeof value !== 'string' && value.size > 0);
}

/** A review's photos, under reviews/{reviewId}/. */
export function storeReviewPhotos(bucket: R2Bucket, reviewId: string, files: readonly File[]): Promise<StoredPhoto[]> {
  return storePhotos(bucket, `reviews/${reviewId}`, files);
}

/** Checks every photo first, then stores them all under `prefix`: a refused one leaves nothing behind. */
export async function storePhotos(bucket: R2Bucket, prefix: string, files: readonly File[]): Promise<StoredPhoto[]> {
  if (files.length > REVIEW_PHOTOS_MAX) {
    const message = `Add up to ${REVIEW_PHOTOS_MAX} photos.`;
    throw new HttpError('API400', `photos: ${message}`, [{ field: 'photos', message }]);
  }
  const cleaned = await Promise.all(
    files.map(async (file, i) => {
      try {
        return cleanPhoto(new Uint8Array(await file.arrayBuffer()));
      } catch (error) {
        if (error instanceof PhotoError) throw refusal(error, file.name || `Photo ${i + 1}`);
        throw error;
      }
    }),
  );
  return Promise.all(
    cleaned.map(async (photo, i) => {
      const key = `${prefix}/${i + 1}.${PHOTO_EXTENSIONS[photo.contentType]}`;
      await bucket.put(key, photo.bytes, { httpMetadata: { contentType: photo.contentType } });
      return { key, contentType: photo.contentType, bytes: photo.bytes.length };
    }),
  );
}

export async function removePhotos(bucket: R2Bucket, photos: readonly StoredPhoto[]): Promise<void> {
  if (photos.length > 0) await bucket.delete(photos.map((photo) => photo.key));
}

/** A stored photo as a response; shoppers get only those of approved reviews (the caller checks). */
export async function photoResponse(bucket: R2Bucket, key: string, cacheControl: string): Promise<Response | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  return new Response(object.body, {
    headers: {
      'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
      'Content-Length': String(object.size),
      'Cache-Control': cacheControl,
      ETag: object.httpEtag,
      // Served from the store's own origin: never read as anything but the image it is.
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
}
