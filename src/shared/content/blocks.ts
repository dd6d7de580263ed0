// Content documents and blocks (account-content §2, §3): the shapes the CMS stores, the API serves
// and pages render. Field names follow the spec; every block has a `type` and an `id`.

export type Breakpoint = 'sm' | 'md' | 'lg';

/** Icons a menu node may show (drawn by shared/ui/Icon.tsx). */
export const MENU_ICONS = ['tag', 'star', 'gift', 'heart', 'store', 'truck'] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

/** Images are local: a banner illustration, a product's illustration, or a same-origin path. */
export type MediaSource =
  | { kind: 'banner'; name: 'hero' | 'trail' | 'city' | 'kids' }
  | { kind: 'product'; productId: string; view?: 'side' | 'angle' | 'detail' }
  | { kind: 'path'; path: string };

export interface Media {
  type: 'image' | 'video';
  source: MediaSource;
  alt: string;
  width: number;
  height: number;
  /** Video only: local file and its captions. */
  video?: { src: string; poster?: MediaSource; tracks?: { src: string; label: string; srclang: string; kind: 'captions' | 'subtitles' }[] };
}

export interface Target {
  text: string;
  url: string;
  /** "_blank" opens a new tab (with rel=noopener). */
  targetAttribute?: '_self' | '_blank';
  style?: 'primary' | 'secondary' | 'tertiary' | 'light' | 'link';
  size?: 'small' | 'medium' | 'large';
}

export interface Gradient {
  /** Heights (account-content §9): full 35%, focused 50%, off 0%. */
  gradientStyle: 'full' | 'focused' | 'off';
  gradientTone?: 'dark' | 'light';
  gradientBreakpoints?: Breakpoint[];
}

/** Fields every block may carry (account-content §3, common content block fields). */
export interface CommonFields {
  id: string;
  title?: string;
  /** Rich title; sanitized before rendering. */
  titleHtml?: string;
  subtitle?: string;
  subtitleHtml?: string;
  overline?: string;
  eyebrowText?: string;
  eyebrowLogo?: Media;
  /** Sanitized HTML. */
  richText?: string;
  richTextBelowTargets?: string;
  backgroundColor?: string;
  media?: Media;
  /** Images shown with the block, as a row of pictures after it (README, Content). */
  mediaList?: Media[];
  /** Where a click on the media goes. */
  mediaTarget?: Target;
  targets?: Target[];
  linkType?: 'CTA' | 'No-CTA';
  promotionTracking?: { promotionName: string };
  hideTitle?: boolean;
  titleH1?: boolean;
  caption?: {
    captionText: string;
    captionPosition?: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
    captionStyle?: 'light' | 'dark';
    captionColor?: string;
  };
  gradient?: Gradient;
  equalTargetSize?: boolean;
  bottomMargins?: 'none' | 'small' | 'medium' | 'large';
  hideOnBreakpoint?: Breakpoint[];
}

export type BannerVariant = 'block-below' | 'espot' | 'image' | 'menu' | 'overlay' | 'split' | 'thin' | 'hero' | 'hero-block-below' | 'hero-product-overlay';

export interface BannerBlock extends CommonFields {
  type: 'Banner';
  variant: BannerVariant;
  /** Overlay widths (§9): xs 1/3, sm 1/2, md 2/3, lg 11/12. */
  overlayWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** Split image width options (§9): 60, 50, 40 percent. */
  splitImageWidth?: 60 | 50 | 40;
  splitImagePosition?: 'left' | 'right';
  /** Cinema mode: 50vh tall. */
  cinemaMode?: boolean;
  contentAlignment?: 'left' | 'center' | 'right';
  /** hero-product-overlay: the product shown over the image. */
  productId?: string;
}

export interface CollectionLayout {
  type: 'grid' | 'carousel';
  /** rem */
  slideWidth?: number;
  slideMaxWidth?: number;
  slidePadding?: number;
  margin?: number;
  showArrows?: boolean;
  showIndicators?: boolean;
  showProgress?: boolean;
  autoplay?: boolean;
  /** Seconds; the carousel waits autorotateTime * 1000 ms (§9). */
  autorotateTime?: number;
  loop?: boolean;
  /** Grid columns at this breakpoint. */
  columns?: number;
}

export interface CollectionBlock extends CommonFields {
  type: 'Collection';
  /** standard, vertical list, CTA button collection, icon-and-text; a name containing "[stacked]" forces full-width grid on md and lg (§9). */
  variant: 'standard' | 'vertical-list' | 'cta-buttons' | 'icon-and-text';
  name?: string;
  layout?: Partial<Record<Breakpoint, CollectionLayout>>;
  alignment?: 'left' | 'center';
  isFullWidth?: boolean;
  isFullHeight?: boolean;
  iconSize?: 'small' | 'medium' | 'large';
  items: Block[];
}

export interface CategoryCardBlock extends CommonFields {
  type: 'CategoryCard';
  categoryId: number;
  /** Filled in by the augmented page: the category's localized name and URL. */
  category?: { name: string; url: string };
}

export interface LinkedCardBlock extends CommonFields {
  type: 'LinkedCard' | 'MultiLinkCard';
}

export interface ProductRecommendationsBlock extends CommonFields {
  type: 'ProductRecommendations';
  /** Explicit products, or a category to take its featured products from. */
  productIds?: string[];
  categoryId?: number;
  limit?: number;
  /** Carousel scroll step on md and up: 6 for the six-card layout, else 3 (commerce-core §9). */
  layout?: 'six-card' | 'four-card';
  /** Filled in by the augmented page: the product cards, in the site's currency. */
  products?: RecommendedProduct[];
}

/** Product recommendation item (account-content §3). */
export interface RecommendedProduct {
  productId: string;
  name: string;
  url: string;
  image: MediaSource;
  colourName: string;
  reviewAverage: number | null;
  reviewsCount: number;
  price: {
    currency: string;
    lowCurrent: number;
    highCurrent: number;
    lowOriginal: number;
    highOriginal: number;
    current: number;
    original: number;
    onSale: boolean;
  };
  recommendationId: string;
}

export interface PromoBarBlock extends CommonFields {
  type: 'PromoBar';
  messages: { text: string; url?: string }[];
}

export interface BenefitBarBlock extends CommonFields {
  type: 'BenefitBar';
  logo?: Media;
  backgroundImage?: Media;
  alignment?: 'left' | 'center';
  infoIcon?: boolean;
  showCloseButton?: boolean;
  benefits: { id: string; url?: string; text: string }[];
}

export interface RichTextBlock extends CommonFields {
  type: 'RichText';
}

export interface SpacerBlock extends CommonFields {
  type: 'Spacer';
  size: 'small' | 'medium' | 'large';
}

export interface AccordionBlock extends CommonFields {
  type: 'Accordion';
  items: { id: string; title: string; richText: string }[];
}

export interface VideoPlayerBlock extends CommonFields {
  type: 'VideoPlayer';
  mediaByBreakpoint?: Partial<Record<Breakpoint, Media>>;
  playerSettings: { autoplay: boolean; hideControls: boolean; loop: boolean; muted: boolean };
  /** The same video on Cloudinary, played first; the local files stay as the fallback. */
  cloudinaryAsset?: { cloudName: string; publicId: string };
}

export interface ArticleGridBlock extends CommonFields {
  type: 'ArticleGrid';
  showFilterBar: boolean;
  gridSize: number;
  loadMore: boolean;
  hidePageDate?: boolean;
  /** Facets shown in the filter bar, and the articles (account-content §3 Article). */
  facets: { id: string; label: string }[];
  articles: { id: string; url: string; title: string; picture: Media; tags: string[]; facets: string[]; date?: string; eyebrow?: string }[];
}

export interface SecondaryNavigationBlock extends CommonFields {
  type: 'SecondaryNavigation';
}

export interface FilterByBlock extends CommonFields {
  type: 'FilterBy';
  variant: 'bySku' | 'byCategory';
  filterBy: string[];
  operator: 'IN' | 'NOT IN';
  components: Block[];
}

export interface UgcWidgetBlock extends CommonFields {
  type: 'UgcWidget';
  containerId: string;
}

export interface EventSignUpBlock extends CommonFields {
  type: 'EventSignUp';
  eventId: string;
  startDate: string;
  endDate: string;
  enablePlusOne: boolean;
  /** Seats: each registration takes one, and one more for a guest. Without it, registration is not open. */
  capacity?: number;
  /** Where it happens, for the calendar file. */
  location?: string;
  submitCtaLabel: string;
  confirmationTitle: string;
  confirmationSubtitle: string;
}

export interface GenericDialogBlock extends CommonFields {
  type: 'GenericDialog';
  triggerText: string;
}

/** A/B container: the decision picks one variant, else the baseline shows (account-content §4). */
export interface ExperienceBlock extends CommonFields {
  type: 'Experience';
  experienceId: string;
  name: string;
  baselines: Block[];
  variants: { name: string; variantId: string; label: string; weight: number; targets: Block[] }[];
  trackingEvent?: string;
}

/** Shows the first segment whose condition holds, else the baseline (account-content §4, §6). */
export interface SegmentationBlock extends CommonFields {
  type: 'Segmentation';
  segments: { id: VisibilitySegment; targets: Block[] }[];
  baselines: Block[];
}

/** Includes a shared fragment by id; the augmented page inlines it. */
export interface FragmentRefBlock {
  type: 'FragmentRef';
  id: string;
  fragmentId: string;
}

export type Block =
  | BannerBlock
  | CollectionBlock
  | CategoryCardBlock
  | LinkedCardBlock
  | ProductRecommendationsBlock
  | PromoBarBlock
  | BenefitBarBlock
  | RichTextBlock
  | SpacerBlock
  | AccordionBlock
  | VideoPlayerBlock
  | ArticleGridBlock
  | SecondaryNavigationBlock
  | FilterByBlock
  | UgcWidgetBlock
  | EventSignUpBlock
  | GenericDialogBlock
  | ExperienceBlock
  | SegmentationBlock
  | FragmentRefBlock;

/** Visibility segments for content (account-content §6). */
export const VISIBILITY_SEGMENTS = [
  'loggedout',
  'loggedin',
  'loyalty-loggedin',
  'non-loyalty-loggedin',
  'employee-loggedin',
  'non-employee-loggedin',
  'cart-empty',
  'cart-not-empty',
  'ipa-wranx-loggedin',
  'non-ipa-wranx-loggedin',
  'wranx-loggedin',
  'non-wranx-loggedin',
  'ipa-loggedin',
  'non-ipa-loggedin',
  'athletes-loggedin',
  'non-athletes-loggedin',
  // From the visit-number cookie (personalisation/visits.ts), only with targeting consent.
  'first-visit',
  'returning-visitor',
] as const;
export type VisibilitySegment = (typeof VISIBILITY_SEGMENTS)[number];

export interface PageMetadata {
  htmlTitle?: string;
  htmlDescription?: string;
  ogTitle?: string;
  ogDescription?: string;
  ogImage?: MediaSource;
  canonical?: string;
  robots?: string;
}

/** A CMS page (account-content §3): named sections of blocks, with metadata for <head>. */
export interface PageDocument {
  content: { sections: { name: string; items: Block[]; lazy?: boolean }[] };
  metadata: PageMetadata;
  mainContentPadding?: boolean;
  /** The header's transparent mode (account-content §4): over the page's opening hero banner until it scrolls. */
  transparentHeader?: boolean;
}

/** An espot, footer or fragment: a list of blocks. */
export interface BlocksDocument {
  items: Block[];
}

/** Mega menu node (account-content §3). */
export interface MenuNode {
  id: string;
  title: string;
  target?: Target;
  menuStyle?: 'default' | 'featured' | 'sale';
  /** An icon of the store's set shown before the title, decorative. */
  menuIcon?: MenuIcon;
  columns?: MenuNode[];
  menuBanner?: BannerBlock;
  visualSelectors?: { id: string; title: string; url: string; media: Media }[];
  visualSelectorsTitle?: string;
  hideShopAll?: Partial<Record<'sm' | 'lg', boolean>>;
  overrideShopAll?: Target;
  delocalizedTracking?: string;
}

export interface MenuDocument {
  items: MenuNode[];
  /** Desktop menu opens on hover, or on click when configured (account-content §4). */
  openOn?: 'hover' | 'click';
}

export interface PopupDocument {
  popups: {
    id: string;
    name: string;
    /** ms; the pop-up shows minimized, then expands after this delay (default 2000, §9). */
    delay?: number;
    logo?: Media;
    logoSize?: 'small' | 'medium' | 'large';
    minimizedTitle: string;
    maximizedTitle: string;
    disclaimer?: string;
    baselines: Block[];
  }[];
}

export type ContentKind = 'page' | 'espot' | 'footer' | 'menu' | 'popups' | 'fragment' | 'children' | 'search' | 'category' | 'product' | 'showcase';

export { ESPOT_SLOTS, type EspotSlot } from './espot-slots.ts';
