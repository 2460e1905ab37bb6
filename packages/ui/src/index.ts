export { Banner, type BannerProps } from "./banner.js";
export { Breadcrumbs, type Crumb } from "./breadcrumbs.js";
export { Button, buttonClassName, type ButtonProps, type ButtonVariant } from "./button.js";
export { Card, CardGrid, CardGridItem, type CardProps } from "./card.js";
export {
  LIGHT_BACKGROUND_THRESHOLD,
  bannerTextTone,
  isLightBackground,
  parseColour,
  perceivedBrightness,
  type Rgb,
} from "./colour.js";
export { ErrorSummary, type ErrorSummaryEntry, type ErrorSummaryProps } from "./error-summary.js";
export {
  RadioGroup,
  SelectField,
  TextField,
  type FieldOption,
  type RadioGroupProps,
  type SelectFieldProps,
  type TextFieldProps,
} from "./fields.js";
export {
  LanguageSwitcher,
  type LanguageOption,
  type LanguageSwitcherProps,
} from "./language-switcher.js";
export {
  Container,
  PageHeader,
  SiteFooter,
  SiteHeader,
  SkipLink,
  VisuallyHidden,
  type SiteHeaderProps,
} from "./layout.js";
export { uiMessages } from "./messages.js";
export {
  Pagination,
  pageWindow,
  type PageLinkAttributes,
  type PageLinkKind,
  type PaginationProps,
} from "./pagination.js";
export {
  formatRinggit,
  installationText,
  isCampaignPrice,
  priceMessages,
  priceText,
  type PriceLike,
} from "./price.js";
export { RichText, type RichTextProps } from "./rich-text.js";
export {
  CardGridSkeleton,
  DetailSkeleton,
  LoadingRegion,
  Skeleton,
  SkeletonText,
} from "./skeleton.js";
export { EmptyState, ErrorState, type ErrorStateProps } from "./states.js";
