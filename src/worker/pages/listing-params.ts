// Reads listing filters from a page URL. Pages forgive odd input: unknown values are dropped, not refused.

import { SORTS, type Sort } from '../commerce/catalog/listing.ts';
import type { ListingInput } from '../commerce/catalog/service.ts';

const FACET_VALUE = /^[A-Za-z0-9.\- ]{1,20}$/;

export function listingInput(params: URLSearchParams, allowRelevance = false): ListingInput {
  const values = (name: string) =>
    [
      ...new Set(
        params
          .getAll(name)
          .flatMap((v) => v.split(','))
          .filter((v) => FACET_VALUE.test(v)),
      ),
    ].slice(0, 20);
  const sortParam = params.get('sort') ?? '';
  const sorts: readonly string[] = allowRelevance ? [...SORTS, 'relevance'] : SORTS;
  const page = Number(params.get('page'));
  return {
    size: values('size'),
    color: values('color'),
    price: values('price'),
    badge: values('badge'),
    sort: sorts.includes(sortParam) ? (sortParam as Sort) : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/** hreflang alternates of a path that is the same in every locale. */
export function alternates(localeCodes: readonly { code: string; tag: string }[], pathAfterLocale: string) {
  return [...localeCodes.map((l) => ({ hreflang: l.tag, href: `/${l.code}${pathAfterLocale}` })), { hreflang: 'x-default', href: `/en-us${pathAfterLocale}` }];
}
