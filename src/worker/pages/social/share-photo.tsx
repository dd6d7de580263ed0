// Sharing a photo of a product in the social galleries (the store services issue, §5):
// /{locale}/p/{slug}-{id}/share-photo, a private page like writing a review. A guest is asked to sign in; a
// shopper chooses one photo, a caption and (the first time) a screen name, and confirms the photo is theirs.
// The post goes through the same service calls as the API (user, stash, media) and waits for moderation.

import type { Context } from 'hono';
import * as v from 'valibot';
import { translator } from '../../../shared/i18n/translate.ts';
import { CAPTION_MAX, MediaBody, SCREEN_NAME_MAX, UserBody } from '../../../shared/schema/social.ts';
import { CheckboxField, TextAreaField, TextField } from '../../../shared/ui/form.tsx';
import { socialPhotosFor } from '../../commerce/social/social-photos.ts';
import type { AppEnv } from '../../env.ts';
import { accountAudit } from '../../lib/audit.ts';
import { chosenPhotos } from '../../lib/photo-store.ts';
import { signedInConsumer } from '../account/section-page.tsx';
import { PhotoField } from '../components/form-parts.tsx';
import { notFoundPage } from '../errors/error-page.tsx';
import { fieldErrors, formRefusal, photoMessage } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { usePage } from '../page-context.tsx';
import { DoneStep, SignInStep } from '../reviews/form-steps.tsx';
import { type ProductRef, privatePage, productRef } from '../reviews/product-ref.tsx';

type ShareState =
  | { step: 'sign-in' }
  | { step: 'form'; screenName: string | null; values: Record<string, string>; errors?: Record<string, string> }
  | { step: 'done' };

function SharePhotoPage({ product, state }: { product: ProductRef; state: ShareState }) {
  const { t } = usePage();
  const title = t('social.shareTitle', { name: product.name });
  return (
    <div className="page page--form share-photo">
      <p>
        <a href={product.paths.product}>{t('reviews.backToProduct', { name: product.name })}</a>
      </p>
      {state.step === 'sign-in' ? <SignInStep title={title} text={t('social.signInText')} /> : null}
      {state.step === 'done' ? (
        <DoneStep id="share-done" title={t('social.thanksTitle')} texts={[t('social.thanksText')]} back={product.paths.product} />
      ) : null}
      {state.step === 'form' ? (
        <>
          <h1>{title}</h1>
          <form className="form" method="post" action={product.paths.share} encType="multipart/form-data" noValidate>
            <PhotoField id="share-photo" name="photo" single label={t('social.photo')} hint={t('social.photoHint')} error={state.errors?.photo} />
            <TextAreaField
              id="share-caption"
              name="caption"
              label={t('social.caption')}
              hint={t('social.captionHint', { max: CAPTION_MAX })}
              rows={3}
              max={CAPTION_MAX}
              optionalLabel={t('form.optional')}
              value={state.values.caption}
              error={state.errors?.caption}
            />
            {state.screenName === null ? (
              <TextField
                id="share-screen-name"
                name="screen_name"
                label={t('social.screenName')}
                hint={t('social.screenNameHint')}
                maxLength={SCREEN_NAME_MAX}
                defaultValue={state.values.screen_name}
                autoComplete="nickname"
                required
                error={state.errors?.screen_name}
              />
            ) : null}
            <CheckboxField
              id="share-rights"
              name="rights"
              required
              error={state.errors?.rights}
              label={t('social.rights')}
              defaultChecked={state.values.rights === 'on'}
            />
            <div className="form__actions">
              <button className="button button--primary" type="submit">
                {t('social.submit')}
              </button>
            </div>
          </form>
        </>
      ) : null}
    </div>
  );
}

async function context(c: Context<AppEnv>) {
  const product = await productRef(c);
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  return { product, t, title: product ? t('social.shareTitle', { name: product.name }) : '', consumerNo: signedInConsumer(c) };
}

export async function sharePhotoPage(c: Context<AppEnv>): Promise<Response> {
  const { product, title, consumerNo } = await context(c);
  if (!product) return notFoundPage(c);
  if (!consumerNo) return privatePage(c, title, <SharePhotoPage product={product} state={{ step: 'sign-in' }} />);
  const user = await socialPhotosFor(c.env).userOf(consumerNo);
  return privatePage(c, title, <SharePhotoPage product={product} state={{ step: 'form', screenName: user?.screenName ?? null, values: {} }} />);
}

export async function sharePhotoPost(c: Context<AppEnv>): Promise<Response> {
  const { product, t, title, consumerNo } = await context(c);
  if (!product) return notFoundPage(c);
  if (!consumerNo) return privatePage(c, title, <SharePhotoPage product={product} state={{ step: 'sign-in' }} />, 401);
  const service = socialPhotosFor(c.env);
  const { fields, data } = await readForm(c);
  const existing = await service.userOf(consumerNo);
  const [photo] = chosenPhotos(data.getAll('photo'));
  const form = (errors: Record<string, string>) =>
    privatePage(c, title, <SharePhotoPage product={product} state={{ step: 'form', screenName: existing?.screenName ?? null, values: fields, errors }} />, 400);

  // Everything but the photo is checked first, so one refusal names every field that needs a change.
  const user = existing ? { success: true as const } : v.safeParse(UserBody, { screen_name: fields.screen_name ?? '' });
  const media = v.safeParse(v.omit(MediaBody, ['stash_id']), { caption: fields.caption ?? '', tag_keys: [product.productId], rights: fields.rights === 'on' });
  const errors = {
    ...(user.success ? {} : fieldErrors(user.issues)),
    ...(media.success ? {} : fieldErrors(media.issues, (field) => (field === 'rights' ? t('social.rightsRequired') : undefined))),
    ...(photo ? {} : { photo: t('social.photoRequired') }),
  };
  if (Object.keys(errors).length > 0) {
    // A browser cannot fill a file input again: say so rather than let the photo vanish unnoticed.
    if (photo) errors.photo = t('reviews.photosAgain');
    return form(errors);
  }
  if (!photo || !media.success) return form({});
  const userId = existing?.id ?? (await service.userFor(consumerNo, (fields.screen_name ?? '').trim())).user.id;
  let stashId: string;
  try {
    stashId = (await service.stash(userId, photo)).id;
  } catch (error) {
    return form(formRefusal(c, error, { details: 'none', field: () => 'photo', message: photoMessage }).errors);
  }
  const locale = c.get('locale');
  const shared = await service.share(userId, { ...media.output, stash_id: stashId }, { siteId: locale.site.id, locale: locale.code });
  await accountAudit(c, consumerNo, 'social.share', { mediaId: shared.id, streams: shared.streams }).run();
  return privatePage(c, t('social.thanksTitle'), <SharePhotoPage product={product} state={{ step: 'done' }} />);
}
