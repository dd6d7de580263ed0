// Page routes under the locale prefix. A GET without a supported locale prefix is sent to the visitor's
// locale before routing.

import { Hono } from 'hono';
import { LOCALES } from '../../shared/locale/sites.ts';
import { splitLocalePath } from '../../shared/routes.ts';
import type { AppEnv } from '../env.ts';
import { localeRedirect } from '../middleware/locale.ts';
import { seoRoutes } from '../seo/routes.ts';
import { addressAdd, addressDelete, addressEdit, addressesPage, addressMain } from './account/addresses-route.tsx';
import { listsPage } from './account/lists-route.tsx';
import { notificationsPage, notificationsSave } from './account/notifications-route.tsx';
import {
  orderCancel,
  orderCancelItems,
  orderGiftCardResend,
  orderInvoice,
  orderPage,
  orderReturn,
  orderReturnPage,
  ordersPage,
} from './account/orders-route.tsx';
import { paymentDelete, paymentGiftCardAdd, paymentGiftCardDelete, paymentMain, paymentPage } from './account/payment-route.tsx';
import { howToReturnPage, howToReturnPost } from './account/returns-route.tsx';
import {
  accountDataExport,
  accountDelete,
  accountEmployeeTerms,
  accountEspot,
  accountInterests,
  accountLookup,
  accountLoyalty,
  accountPage,
  accountPassword,
  accountProfile,
  accountProfilePage,
  accountSignIn,
  accountSignOut,
  accountSignUp,
} from './account/route.tsx';
import { trackOrderLookup, trackOrderPage } from './account/track-route.tsx';
import { associateClear, associateConnect, associateLoginPage, associateRegisterDevice } from './associate/route.tsx';
import {
  cartCouponApply,
  cartCouponRemove,
  cartGiftCardApply,
  cartGiftCardBalance,
  cartGiftCardRemove,
  cartReward,
  cartRewardInstrument,
} from './cart/payments-route.tsx';
import {
  cartAdd,
  cartItemFavorite,
  cartItemGift,
  cartItemQuantity,
  cartItemRemove,
  cartItemSave,
  cartItemStore,
  cartPage,
  cartSavedMove,
  cartSavedRemove,
  cartShipping,
} from './cart/route.tsx';
import { categoryRoute } from './category/route.tsx';
import { checkoutPage, expressWallet, orderClaim, orderConfirmationPage, walletReturn } from './checkout/route.tsx';
import { cmsPageRoute } from './cms/route.tsx';
import { consentRoute } from './consent/route.ts';
import { eventCalendar, eventRegistrationPage, eventRegistrationPost } from './events/route.tsx';
import { favoritesAdd, favoritesPage, favoritesRemove, favoritesShare, favoritesShared } from './favorites/route.tsx';
import { forgotPasswordAsk, forgotPasswordChoose, forgotPasswordPage } from './forgot-password/route.tsx';
import { homeRoute } from './home/route.tsx';
import { locationAnswer } from './layout/location-prompt.tsx';
import { locationChosen, locationSelectorPage } from './location/route.tsx';
import { loyaltyJoin, loyaltyPage } from './loyalty/route.tsx';
import { mediaRoutes } from './media-route.ts';
import { newsletterConfirm, newsletterConfirmPage, newsletterPage, newsletterSubscribe } from './newsletter/route.tsx';
import { unsubscribePage, unsubscribePost } from './newsletter/unsubscribe-route.tsx';
import { notifyMeSubmit } from './notify-me/route.tsx';
import { customisePage, customisePost } from './product/customise.tsx';
import { productRoute } from './product/route.tsx';
import { comparePage, sizeGuidePage } from './product/tools-pages.tsx';
import { askQuestionPage, askQuestionPost } from './reviews/ask-question.tsx';
import { answerVotePost, reviewFlagPost, reviewsPageRoute, reviewTranslatePost, reviewVotePost } from './reviews/route.tsx';
import { writeReviewPage, writeReviewPost } from './reviews/write-review.tsx';
import { searchHubPage } from './search/hub-route.tsx';
import { searchRoute } from './search/route.tsx';
import { sharePhotoPage, sharePhotoPost } from './social/share-photo.tsx';
import { myStorePost, storeLocatorPage, storePage } from './stores/route.tsx';
import { contactUsPage, contactUsPost, supportPage, warrantyPost } from './support/route.tsx';

/** Paths that belong to other parts of the worker and are never redirected to a locale. */
const NOT_PAGES = /^\/(api|admin|preview|assets|sitemaps|media)(\/|$)|^\/(robots\.txt|sitemap\.xml)$/;

export const pageRoutes = new Hono<AppEnv>();

// Static files are served before the worker runs; one that is not there is a plain 404, never a page.
pageRoutes.get('/assets/*', (c) => {
  c.header('Cache-Control', 'no-store');
  return c.text('Not found', 404);
});

// For crawlers, before any locale: robots.txt and the sitemaps.
pageRoutes.route('/', seoRoutes);
pageRoutes.route('/', mediaRoutes);

pageRoutes.use(async function withLocale(c, next) {
  if ((c.req.method === 'GET' || c.req.method === 'HEAD') && !NOT_PAGES.test(c.req.path) && !splitLocalePath(c.req.path).locale) {
    return localeRedirect(c);
  }
  await next();
});
// One set of routes per locale: a static prefix instead of a locale parameter, which Hono's RegExpRouter
// cannot order against the /api routes (it then falls back to the slower TrieRouter).
for (const { code } of LOCALES) {
  pageRoutes.get(`/${code}`, homeRoute);
  pageRoutes.get(`/${code}/c/:segment`, categoryRoute);
  pageRoutes.get(`/${code}/p/:segment`, productRoute);
  pageRoutes.get(`/${code}/help/contact-us`, contactUsPage);
  pageRoutes.post(`/${code}/help/contact-us`, contactUsPost);
  pageRoutes.get(`/${code}/account/support`, supportPage);
  pageRoutes.post(`/${code}/account/support/warranty`, warrantyPost);
  pageRoutes.get(`/${code}/searchhub`, searchHubPage);
  pageRoutes.post(`/${code}/location`, locationAnswer);
  pageRoutes.get(`/${code}/location`, locationChosen);
  pageRoutes.get(`/${code}/size-guide`, sizeGuidePage);
  pageRoutes.get(`/${code}/compare`, comparePage);
  pageRoutes.get(`/${code}/stores`, storeLocatorPage);
  pageRoutes.post(`/${code}/stores/my-store`, myStorePost);
  pageRoutes.get(`/${code}/stores/:storeId`, storePage);
  pageRoutes.get(`/${code}/p/:segment/reviews`, reviewsPageRoute);
  pageRoutes.post(`/${code}/p/:segment/reviews/:reviewId/vote`, reviewVotePost);
  pageRoutes.post(`/${code}/p/:segment/reviews/:reviewId/flag`, reviewFlagPost);
  pageRoutes.post(`/${code}/p/:segment/reviews/:reviewId/translate`, reviewTranslatePost);
  pageRoutes.post(`/${code}/p/:segment/reviews/answers/:answerId/vote`, answerVotePost);
  pageRoutes.get(`/${code}/p/:segment/customise`, customisePage);
  pageRoutes.post(`/${code}/p/:segment/customise`, customisePost);
  pageRoutes.get(`/${code}/p/:segment/write-review`, writeReviewPage);
  pageRoutes.post(`/${code}/p/:segment/write-review`, writeReviewPost);
  pageRoutes.get(`/${code}/p/:segment/ask-question`, askQuestionPage);
  pageRoutes.post(`/${code}/p/:segment/ask-question`, askQuestionPost);
  pageRoutes.get(`/${code}/p/:segment/share-photo`, sharePhotoPage);
  pageRoutes.post(`/${code}/p/:segment/share-photo`, sharePhotoPost);
  pageRoutes.get(`/${code}/search`, searchRoute);
  pageRoutes.get(`/${code}/cart`, cartPage);
  pageRoutes.get(`/${code}/checkout`, checkoutPage);
  pageRoutes.get(`/${code}/checkout/wallet-return`, walletReturn);
  pageRoutes.post(`/${code}/checkout/express`, expressWallet);
  pageRoutes.get(`/${code}/order-confirmation`, orderConfirmationPage);
  pageRoutes.post(`/${code}/order-confirmation/account`, orderClaim);
  pageRoutes.post(`/${code}/cart/add`, cartAdd);
  pageRoutes.post(`/${code}/cart/items/:itemId`, cartItemQuantity);
  pageRoutes.post(`/${code}/cart/items/:itemId/remove`, cartItemRemove);
  pageRoutes.post(`/${code}/cart/items/:itemId/save`, cartItemSave);
  pageRoutes.post(`/${code}/cart/items/:itemId/favorite`, cartItemFavorite);
  pageRoutes.post(`/${code}/cart/saved/:itemId/move`, cartSavedMove);
  pageRoutes.post(`/${code}/cart/saved/:itemId/remove`, cartSavedRemove);
  pageRoutes.post(`/${code}/notify-me`, notifyMeSubmit);
  pageRoutes.get(`/${code}/favorites`, favoritesPage);
  pageRoutes.post(`/${code}/favorites/add`, favoritesAdd);
  pageRoutes.post(`/${code}/favorites/share`, favoritesShare);
  pageRoutes.post(`/${code}/favorites/items/:itemId/remove`, favoritesRemove);
  pageRoutes.get(`/${code}/favorites/shared/:token`, favoritesShared);
  pageRoutes.post(`/${code}/cart/gift-card`, cartGiftCardApply);
  pageRoutes.post(`/${code}/cart/gift-card/balance`, cartGiftCardBalance);
  pageRoutes.post(`/${code}/cart/gift-card/:instrumentId/remove`, cartGiftCardRemove);
  pageRoutes.post(`/${code}/cart/reward`, cartReward);
  pageRoutes.post(`/${code}/cart/items/:itemId/gift`, cartItemGift);
  pageRoutes.post(`/${code}/cart/reward-instrument`, cartRewardInstrument);
  pageRoutes.post(`/${code}/cart/reward-instrument/:instrumentId/remove`, cartGiftCardRemove);
  pageRoutes.post(`/${code}/cart/shipping`, cartShipping);
  pageRoutes.post(`/${code}/cart/items/:itemId/store`, cartItemStore);
  pageRoutes.post(`/${code}/cart/coupon`, cartCouponApply);
  pageRoutes.post(`/${code}/cart/coupon/remove`, cartCouponRemove);
  pageRoutes.post(`/${code}/consent`, ...consentRoute);
  pageRoutes.get(`/${code}/forgot-password`, forgotPasswordPage);
  pageRoutes.post(`/${code}/forgot-password`, ...forgotPasswordAsk);
  pageRoutes.post(`/${code}/forgot-password/new`, ...forgotPasswordChoose);
  pageRoutes.get(`/${code}/account`, accountPage);
  pageRoutes.get(`/${code}/account/profile`, accountProfilePage);
  pageRoutes.get(`/${code}/account/addresses`, addressesPage);
  pageRoutes.get(`/${code}/account/payment`, paymentPage);
  pageRoutes.get(`/${code}/account/lists`, listsPage);
  pageRoutes.get(`/${code}/account/notifications`, notificationsPage);
  pageRoutes.post(`/${code}/account/notifications`, notificationsSave);
  pageRoutes.post(`/${code}/account/payment/:paymentInstrumentId/main`, paymentMain);
  pageRoutes.post(`/${code}/account/payment/:paymentInstrumentId/delete`, paymentDelete);
  pageRoutes.post(`/${code}/account/payment/gift-cards`, paymentGiftCardAdd);
  pageRoutes.post(`/${code}/account/payment/gift-cards/:paymentInstrumentId/delete`, paymentGiftCardDelete);
  pageRoutes.get(`/${code}/help/track-order`, trackOrderPage);
  pageRoutes.post(`/${code}/help/track-order`, trackOrderLookup);
  pageRoutes.get(`/${code}/help/returns/how-to-return`, howToReturnPage);
  pageRoutes.post(`/${code}/help/returns/how-to-return`, howToReturnPost);
  pageRoutes.get(`/${code}/account/orders`, ordersPage);
  pageRoutes.get(`/${code}/account/orders/:orderNumber`, orderPage);
  pageRoutes.post(`/${code}/account/orders/:orderNumber/cancel`, orderCancel);
  pageRoutes.post(`/${code}/account/orders/:orderNumber/cancel-items`, orderCancelItems);
  pageRoutes.get(`/${code}/account/orders/:orderNumber/return`, orderReturnPage);
  pageRoutes.post(`/${code}/account/orders/:orderNumber/return`, orderReturn);
  pageRoutes.get(`/${code}/account/orders/:orderNumber/invoice`, orderInvoice);
  pageRoutes.post(`/${code}/account/orders/:orderNumber/gift-cards/:itemId/resend`, orderGiftCardResend);
  pageRoutes.post(`/${code}/account/addresses`, addressAdd);
  pageRoutes.post(`/${code}/account/addresses/:addressId`, addressEdit);
  pageRoutes.post(`/${code}/account/addresses/:addressId/main`, addressMain);
  pageRoutes.post(`/${code}/account/addresses/:addressId/delete`, addressDelete);
  pageRoutes.get(`/${code}/account/espot/:slot`, accountEspot);
  pageRoutes.post(`/${code}/account/lookup`, accountLookup);
  pageRoutes.post(`/${code}/account/sign-in`, accountSignIn);
  pageRoutes.post(`/${code}/account/sign-up`, accountSignUp);
  pageRoutes.post(`/${code}/account/sign-out`, accountSignOut);
  pageRoutes.post(`/${code}/account/profile`, accountProfile);
  pageRoutes.post(`/${code}/account/interests`, accountInterests);
  pageRoutes.post(`/${code}/account/loyalty`, accountLoyalty);
  pageRoutes.post(`/${code}/account/employee-terms`, accountEmployeeTerms);
  pageRoutes.post(`/${code}/account/password`, accountPassword);
  pageRoutes.post(`/${code}/account/data-export`, accountDataExport);
  pageRoutes.post(`/${code}/account/delete`, accountDelete);
  pageRoutes.get(`/${code}/associate-login`, associateLoginPage);
  pageRoutes.post(`/${code}/associate-login`, associateConnect);
  pageRoutes.post(`/${code}/associate-login/clear`, associateClear);
  pageRoutes.post(`/${code}/associate-login/device`, associateRegisterDevice);
  pageRoutes.get(`/${code}/newsletter`, newsletterPage);
  pageRoutes.post(`/${code}/newsletter`, ...newsletterSubscribe);
  pageRoutes.get(`/${code}/newsletter/confirm`, newsletterConfirmPage);
  pageRoutes.post(`/${code}/newsletter/confirm`, ...newsletterConfirm);
  pageRoutes.get(`/${code}/unsubscribe`, unsubscribePage);
  pageRoutes.post(`/${code}/unsubscribe`, unsubscribePost);
  pageRoutes.get(`/${code}/event-registration/:eventId`, eventRegistrationPage);
  pageRoutes.post(`/${code}/event-registration/:eventId`, eventRegistrationPost);
  pageRoutes.get(`/${code}/event-registration/:eventId/calendar.ics`, eventCalendar);
  pageRoutes.get(`/${code}/location-selector`, locationSelectorPage);
  pageRoutes.get(`/${code}/loyalty`, loyaltyPage);
  pageRoutes.post(`/${code}/loyalty/join`, loyaltyJoin);
  pageRoutes.get(`/${code}/*`, cmsPageRoute);
}
// Anything else, pages and /api alike, is the app's notFound: an HTML page or the API404 envelope.
pageRoutes.get('*', (c) => c.notFound());
