// Opaque tokens (sign-in codes, refresh tokens, emailed links): random, URL-safe, and stored only as a
// SHA-256 digest, so a copy of the database opens nothing.

const encoder = new TextEncoder();

/** The bytes of a base64url text (padding optional); atob throws on anything that is not base64. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  );
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** 32 random bytes, base64url: 43 characters. */
export function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** base64url(SHA-256(text)). A purpose prefix keeps a token of one kind from matching a hash of another. */
export async function digestOf(text: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}

/** Constant-time equality of two byte strings of the same length (Workers' SubtleCrypto has it; the DOM typings do not). */
export function equalBytes(a: ArrayBuffer | ArrayBufferView, b: ArrayBuffer | ArrayBufferView): boolean {
  if (a.byteLength !== b.byteLength) return false;
  return (crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBuffer | ArrayBufferView, b: ArrayBuffer | ArrayBufferView): boolean }).timingSafeEqual(
    a,
    b,
  );
}
