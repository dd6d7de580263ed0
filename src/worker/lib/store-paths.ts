// Where the store pages live. Apart from shared/routes.ts (URL patterns the wire schemas share): only the
// worker links to stores, from its pages, its sitemap and the catalog's utility links, hence a lib.

export const storePaths = {
  stores: (locale: string) => `/${locale}/stores`,
  store: (locale: string, storeId: string) => `/${locale}/stores/${storeId}`,
};
