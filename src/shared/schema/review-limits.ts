// How long what a shopper writes about a product may be: the review and question schemas (reviews.ts) hold
// to it, and the forms and dialogs say it, without loading the schemas.

export const REVIEW_TITLE_MAX = 100;
export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 2000;
export const NICKNAME_MAX = 30;
export const LOCATION_MAX = 40;
export const QUESTION_TEXT_MIN = 10;
export const QUESTION_TEXT_MAX = 500;
