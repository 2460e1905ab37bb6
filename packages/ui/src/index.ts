export { Banner, type BannerProps } from "./banner";
export { Breadcrumbs, type Crumb } from "./breadcrumbs";
export { Button, buttonClassName, type ButtonProps, type ButtonVariant } from "./button";
export { Card, CardGrid, CardGridItem, type CardProps } from "./card";
export {
  LIGHT_BACKGROUND_THRESHOLD,
  bannerTextTone,
  isLightBackground,
  parseColour,
  perceivedBrightness,
  type Rgb,
} from "./colour";
export {
  RadioGroup,
  SelectField,
  TextField,
  type FieldOption,
  type RadioGroupProps,
  type SelectFieldProps,
  type TextFieldProps,
} from "./fields";
export {
  LanguageSwitcher,
  type LanguageOption,
  type LanguageSwitcherProps,
} from "./language-switcher";
export {
  Container,
  PageHeader,
  SiteFooter,
  SiteHeader,
  SkipLink,
  VisuallyHidden,
  type SiteHeaderProps,
} from "./layout";
export { uiMessages } from "./messages";
export { Pagination, type PaginationProps } from "./pagination";
export { RichText, type RichTextProps } from "./rich-text";
export {
  CardGridSkeleton,
  DetailSkeleton,
  LoadingRegion,
  Skeleton,
  SkeletonText,
} from "./skeleton";
export { EmptyState, ErrorState, type ErrorStateProps } from "./states";
