// Markup of the header search box. Works as a plain GET form; search-suggest.ts adds suggestions.

import { type MessageSubset, subsetTranslator } from '../../../shared/i18n/format.ts';

export interface SearchSuggestProps {
  action: string;
  locale: string;
  localeTag: string;
  query: string;
  messages: MessageSubset;
}

export default function SearchSuggest({ action, localeTag, query, messages }: SearchSuggestProps) {
  const t = subsetTranslator(messages, localeTag);
  return (
    <search className="search-box">
      <form className="search-box__form" action={action} method="get">
        <label className="sr-only" htmlFor="site-search">
          {t('header.search')}
        </label>
        <input
          id="site-search"
          className="search-box__input"
          type="search"
          name="q"
          defaultValue={query}
          placeholder={t('header.searchPlaceholder')}
          autoComplete="off"
          maxLength={100}
          role="combobox"
          aria-expanded="false"
          aria-controls="site-search-suggestions"
          aria-autocomplete="list"
        />
        <button className="search-box__submit" type="submit" aria-label={t('header.search')}>
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true" focusable="false">
            <path d="M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13Zm4.6-1.9L20 20" />
          </svg>
        </button>
        <div className="search-box__panel" id="site-search-suggestions" role="listbox" aria-label={t('search.suggestions')} hidden />
      </form>
    </search>
  );
}
