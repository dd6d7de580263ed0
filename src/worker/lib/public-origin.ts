// Where the links the store sends away lead (emails, a shared list's address): the configured PUBLIC_ORIGIN,
// never the Host a request came with, which whoever sends the request chooses. Checked at start-up
// (middleware/bindings.ts), so a deployment without it refuses to serve rather than mail broken links.

export interface PublicOriginEnv {
  PUBLIC_ORIGIN?: string;
  ENVIRONMENT?: string;
}

/** What is wrong with PUBLIC_ORIGIN, said so that whoever deploys can fix it; null when it is an origin to link to. */
export function publicOriginProblem(env: PublicOriginEnv): string | null {
  const value = env.PUBLIC_ORIGIN;
  const fix = 'set it in wrangler.toml [vars] (npm start writes the local one into .dev.vars)';
  if (!value) return `PUBLIC_ORIGIN is missing: the store's address for links in emails, e.g. https://shop.example; ${fix}.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `PUBLIC_ORIGIN "${value}" is not an address: give scheme and host, e.g. https://shop.example; ${fix}.`;
  }
  if (url.origin !== value) return `PUBLIC_ORIGIN "${value}" must be an origin alone, without path or trailing slash: ${url.origin}; ${fix}.`;
  if (env.ENVIRONMENT === 'production' && url.protocol !== 'https:') return `PUBLIC_ORIGIN "${value}" must be https in production; ${fix}.`;
  return null;
}

/** The store's public origin, e.g. https://shop.example. */
export function publicOrigin(env: PublicOriginEnv): string {
  const problem = publicOriginProblem(env);
  if (problem) throw new Error(problem);
  return env.PUBLIC_ORIGIN as string;
}

/** An absolute link to one of the store's paths, for a message that leaves the store; never another host's. */
export function publicUrl(env: PublicOriginEnv, path: string): string {
  const origin = publicOrigin(env);
  const url = new URL(path, origin);
  // "//host" or "/\\host" would resolve to another host: a path from data must not make a link leave the store.
  if (!path.startsWith('/') || url.origin !== origin) throw new Error(`Not a path of the store: ${path}`);
  return url.toString();
}
