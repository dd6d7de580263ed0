// The seeded shoppers' photos as files and the list `wrangler r2 bulk put` takes, so the local MEDIA bucket
// is filled in one call by whichever script seeds a local state (setup.ts, e2e-server.ts).

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { seedPhotos } from './all.ts';
import { seededPhotoBytes } from './social.ts';

/** The bucket's name in wrangler.toml. */
export const MEDIA_BUCKET = 'cairn-media';

/** Draws every seeded photo into `dir`; returns the key/file list's path and how many there are. */
export async function writeSeedPhotos(dir: string): Promise<{ listFile: string; count: number }> {
  await mkdir(dir, { recursive: true });
  const list = await Promise.all(
    seedPhotos().map(async (photo) => {
      const file = join(dir, photo.key.replaceAll('/', '_'));
      await writeFile(file, await seededPhotoBytes(photo));
      return { key: photo.key, file };
    }),
  );
  const listFile = join(dir, 'objects.json');
  await writeFile(listFile, JSON.stringify(list));
  return { listFile, count: list.length };
}

/** The wrangler arguments that put them in the local bucket (under `persistTo` when given). */
export const bulkPutArgs = (listFile: string, persistTo?: string) => [
  'r2',
  'bulk',
  'put',
  MEDIA_BUCKET,
  '--local',
  ...(persistTo ? ['--persist-to', persistTo] : []),
  '--filename',
  listFile,
  '--content-type',
  'image/png',
];
