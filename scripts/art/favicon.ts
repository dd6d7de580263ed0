// Favicon: the stacked-stones mark on a rounded forest-green tile, readable on light and dark browser chrome.

import { MARK } from './kit.ts';

export function faviconSvg(): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">' +
    '<rect width="64" height="64" rx="14" fill="#2f4a3c"/>' +
    `<path d="${MARK}" transform="translate(6 4) scale(.82)" fill="#f4efe6"/>` +
    '</svg>'
  );
}
