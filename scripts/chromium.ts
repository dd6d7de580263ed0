// The Chromium that browser tests drive: $CHROME_PATH, else Debian's /usr/bin/chromium, else the one
// inside the npm package @sparticuz/chromium (unpacked to /tmp on first use). Nothing is downloaded.

import { existsSync } from 'node:fs';

export async function chromiumPath(): Promise<string> {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}
