// Query parameters carried across navigation (account-content §2): siteId, cms, preview,
// previewDateTime, p13n_testcontext and enrollment_marketing_source. When a page was opened with any
// of them, every link to another page of the store keeps them: the preview flags only in an authorised
// preview, a test context only when it is valid, the others only when short and plain.

import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';

const CARRIED = ['siteId', 'cms', 'preview', 'previewDateTime', 'p13n_testcontext', 'enrollment_marketing_source'] as const;

const PLAIN = /^[\w.:-]{1,100}$/;

function carriedParams(c: Context<AppEnv>): URLSearchParams {
  const url = new URL(c.req.url);
  const carried = new URLSearchParams();
  const keeps: Record<(typeof CARRIED)[number], (value: string) => boolean> = {
    siteId: (value) => PLAIN.test(value),
    cms: (value) => PLAIN.test(value),
    enrollment_marketing_source: (value) => PLAIN.test(value),
    preview: () => c.get('preview').active,
    previewDateTime: () => c.get('preview').active,
    p13n_testcontext: () => c.get('testContext') !== null,
  };
  for (const name of CARRIED) {
    const value = url.searchParams.get(name);
    if (value !== null && keeps[name](value)) carried.set(name, value);
  }
  return carried;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A store link with the carried parameters added (those it names itself win). */
function withCarried(href: string, carried: URLSearchParams): string {
  if (!href.startsWith('/') || href.startsWith('//') || /^\/(assets|api|preview)\//.test(href)) return href;
  const url = new URL(href, 'https://store.invalid');
  for (const [name, value] of carried) if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Rewrites the links of a streamed page only when something is to be carried: most pages pass untouched. */
export function carryQuery(c: Context<AppEnv>, response: Response): Response {
  const carried = carriedParams(c);
  if ([...carried.keys()].length === 0) return response;
  return new HTMLRewriter()
    .on('a[href^="/"]', {
      element(element) {
        element.setAttribute('href', withCarried(element.getAttribute('href') ?? '', carried));
      },
    })
    .on('form[action^="/"]', {
      element(element) {
        // A GET form replaces the action's query with its fields: carry them as hidden fields instead.
        if ((element.getAttribute('method') ?? 'get').toLowerCase() === 'get') {
          for (const [name, value] of carried)
            element.append(`<input type="hidden" name="${escapeAttribute(name)}" value="${escapeAttribute(value)}">`, { html: true });
        } else {
          element.setAttribute('action', withCarried(element.getAttribute('action') ?? '', carried));
        }
      },
    })
    .transform(response);
}
