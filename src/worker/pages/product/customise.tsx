// The design studio (commerce-core §3 customs, the product's customsExternalUrl): a made-to-order boot's
// leather (one of its colours, each its own page), size, laces and initials, with the made-to-order price.
// Plain HTML: the form posts, the design is made (customs/recipes.ts) and added to the cart, and the shopper
// lands on the cart; a refusal shows the form again with what they chose.

import type { Context } from 'hono';
import * as v from 'valibot';
import { CUSTOM_LACES, customsSurcharge } from '../../../shared/commerce/customs.ts';
import { formatMoney } from '../../../shared/commerce/money.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { paths } from '../../../shared/routes.ts';
import { FormNotice, SelectField, TextField } from '../../../shared/ui/form.tsx';
import { assets } from '../../assets.ts';
import { addToBasket } from '../../commerce/cart/basket.ts';
import { throwRefusal, unitsIn } from '../../commerce/cart/service.ts';
import { productImageUrl } from '../../commerce/catalog/images.ts';
import { loadProduct, type ProductDetail } from '../../commerce/catalog/product.ts';
import { today } from '../../commerce/catalog/service.ts';
import { createRecipe, type Recipe, recipesById } from '../../commerce/customs/recipes.ts';
import { openSessionBasket, setCartCount, shopperOf } from '../../commerce/from-request.ts';
import type { AppEnv } from '../../env.ts';
import { depsOf } from '../../lib/http-deps.ts';
import { notFoundPage } from '../errors/error-page.tsx';
import { formRefusal } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { usePage } from '../page-context.tsx';
import { renderPage } from '../render.tsx';
import { ColourSwatches } from './ProductPage.tsx';

interface StudioState {
  values: { variantId: string; laces: string; monogram: string };
  errors?: Record<string, string>;
  notice?: string;
}

function Studio({ product, state }: { product: ProductDetail; state: StudioState }) {
  const { t, locale } = usePage();
  const money = (minor: number) => formatMoney(minor, product.currency, locale.tag);
  const action = paths.customise(locale.code, product.slug, product.id);
  const price = product.price.current + customsSurcharge(product.currency);
  const sizes = product.variants.map((variant) => ({
    value: variant.id,
    label: variant.inStock ? (variant.attributes.size ?? '') : t('product.unavailableOption', { label: variant.attributes.size ?? '' }),
  }));
  return (
    <div className="page customise">
      <p>
        <a href={paths.product(locale.code, product.slug, product.id)}>{t('reviews.backToProduct', { name: product.name })}</a>
      </p>
      <h1>{t('customs.title', { name: product.name })}</h1>
      <p>{t('customs.intro')}</p>
      <div className="customise__layout">
        <img
          className="customise__picture"
          src={productImageUrl(assets.imageBase, product.kind, product.colour.hex, 'side')}
          alt={`${product.name}, ${product.colour.name}`}
          width="600"
          height="600"
        />
        <div>
          {state.notice ? (
            <FormNotice kind="error">
              <p>{state.notice}</p>
            </FormNotice>
          ) : null}
          <ColourSwatches product={product} legend={t('customs.leather')} href={(colour) => paths.customise(locale.code, colour.slug, colour.productId)} />
          <form className="form" method="post" action={action} noValidate>
            <SelectField
              id="customise-size"
              name="variantId"
              label={t('product.size')}
              options={sizes}
              defaultValue={state.values.variantId}
              error={state.errors?.variantId}
            />
            <fieldset className="customise__laces" aria-describedby={state.errors?.laces ? 'customise-laces-error' : undefined}>
              <legend className="field__label">{t('customs.laces')}</legend>
              {CUSTOM_LACES.map((laces) => (
                <label key={laces} className="customise__lace">
                  <input type="radio" name="laces" value={laces} defaultChecked={state.values.laces === laces} required />
                  <span>{t(`customs.laces.${laces}` as MessageKey)}</span>
                </label>
              ))}
              {state.errors?.laces ? (
                <p className="field__error" id="customise-laces-error">
                  {state.errors.laces}
                </p>
              ) : null}
            </fieldset>
            <TextField
              id="customise-monogram"
              name="monogram"
              label={t('customs.monogram')}
              hint={t('customs.monogramHint')}
              optionalLabel={t('form.optional')}
              maxLength={3}
              autoComplete="off"
              defaultValue={state.values.monogram}
              error={state.errors?.monogram}
            />
            <p className="customise__price">
              {t('customs.price')} <strong>{money(price)}</strong>
            </p>
            <p className="field__hint">{t('customs.notice')}</p>
            <button className="button button--primary button--wide" type="submit">
              {t('customs.add')}
            </button>
          </form>
        </div>
      </div>
    </div>
  );
}

const Segment = v.pipe(v.string(), v.regex(/-([A-Z0-9]{8})$/));

async function studioProduct(c: Context<AppEnv>): Promise<ProductDetail | null> {
  const parsed = v.safeParse(Segment, c.req.param('segment') ?? '');
  if (!parsed.success) return null;
  const locale = c.get('locale');
  const productId = parsed.output.slice(-8);
  const product = await loadProduct(c.env.DB, locale.site, locale.lang, productId, today());
  return product?.madeToOrder && `${product.slug}-${product.id}` === parsed.output ? product : null;
}

function studioPage(c: Context<AppEnv>, product: ProductDetail, state: StudioState, status: 200 | 400 | 409 = 200) {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  return renderPage(c, {
    status,
    meta: {
      title: `${t('customs.title', { name: product.name })} | ${t('brand.name')}`,
      description: t('customs.intro'),
      pageType: 'Other',
      styles: ['product'],
      canonical: paths.customise(locale.code, product.slug, product.id),
      ...(status === 200 ? {} : { robots: 'noindex' }),
    },
    body: <Studio product={product} state={state} />,
    fallback: () => null,
  });
}

/** GET: the studio, opened on a design (?recipe=, the cart line's link) when it is one of this colour's. */
export async function customisePage(c: Context<AppEnv>): Promise<Response> {
  const product = await studioProduct(c);
  if (!product) return notFoundPage(c);
  const recipeId = c.req.query('recipe') ?? '';
  const recipe: Recipe | undefined = /^RCP[A-Z0-9]{10}$/.test(recipeId) ? (await recipesById(c.env.DB, [recipeId])).get(recipeId) : undefined;
  const own = recipe?.productId === product.id ? recipe : undefined;
  const firstInStock = product.variants.find((variant) => variant.inStock) ?? product.variants[0];
  return studioPage(c, product, { values: { variantId: firstInStock?.id ?? '', laces: own?.laces ?? 'natural', monogram: own?.monogram ?? '' } });
}

/** POST: the design made and added to the cart, or the studio again with what went wrong. */
export async function customisePost(c: Context<AppEnv>): Promise<Response> {
  const product = await studioProduct(c);
  if (!product) return notFoundPage(c);
  const locale = c.get('locale');
  const { fields } = await readForm(c);
  const values = { variantId: fields.variantId ?? '', laces: fields.laces ?? '', monogram: fields.monogram ?? '' };
  const variant = product.variants.find((candidate) => candidate.id === values.variantId);
  const t = translator(locale.lang, locale.tag);
  if (!variant) return studioPage(c, product, { values, errors: { variantId: t('cart.chooseSize') } }, 400);
  try {
    const recipe = await createRecipe(c.env.DB, { productId: product.id, laces: values.laces, monogram: values.monogram });
    const opened = await openSessionBasket(c, locale);
    if (!opened.result.ok) throwRefusal(opened.result);
    const { result } = await addToBasket(depsOf(c), shopperOf(c), locale, opened.result.state.basketId, {
      productId: variant.id,
      qty: 1,
      recipeId: recipe.recipeId,
    });
    if (!result.ok) throwRefusal(result);
    setCartCount(c, unitsIn(result.state));
  } catch (error) {
    // The workshop's refusals name their field (laces, monogram); the cart's (stock, say) are said over the form.
    const { status, notice, errors } = formRefusal(c, error, { fields: ['laces', 'monogram', 'variantId'] });
    return studioPage(c, product, { values, errors, notice }, status === 409 ? 409 : 400);
  }
  return c.redirect(paths.cart(locale.code), 303);
}
