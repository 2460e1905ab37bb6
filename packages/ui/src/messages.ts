import type { MessageDescriptor } from "react-intl";

/**
 * Built-in strings of @portal/ui; catalogs in ./lang/{bm,en}.json carry the same ids. A plain
 * object (no react-intl import): react-intl's entry is a client module, and this one is also read
 * on the server.
 */
export const uiMessages = {
  close: { id: "ui.close", defaultMessage: "Close", description: "Close button label" },
  closeBanner: {
    id: "ui.banner.close",
    defaultMessage: "Close {title}",
    description: "Accessible label of a banner's close button",
  },
  retry: { id: "ui.retry", defaultMessage: "Try again", description: "Retry button label" },
  errorTitle: {
    id: "ui.error.title",
    defaultMessage: "Something went wrong",
    description: "Default heading of an error state",
  },
  errorBody: {
    id: "ui.error.body",
    defaultMessage: "We could not load this content. Please check your connection and try again.",
    description: "Default body of an error state",
  },
  emptyTitle: {
    id: "ui.empty.title",
    defaultMessage: "Nothing here yet",
    description: "Default heading of an empty state",
  },
  loading: { id: "ui.loading", defaultMessage: "Loading…", description: "Loading indicator label" },
  breadcrumbs: {
    id: "ui.breadcrumbs",
    defaultMessage: "Breadcrumb",
    description: "Accessible name of the breadcrumb navigation",
  },
  menu: {
    id: "ui.menu",
    defaultMessage: "Menu",
    description: "Button that opens the main navigation on small screens",
  },
  skipToContent: {
    id: "ui.skip-to-content",
    defaultMessage: "Skip to main content",
    description: "Skip link at the top of every page",
  },
  pagination: {
    id: "ui.pagination",
    defaultMessage: "Pagination",
    description: "Accessible name of the pagination navigation",
  },
  previous: {
    id: "ui.pagination.previous",
    defaultMessage: "Previous",
    description: "Previous page",
  },
  next: { id: "ui.pagination.next", defaultMessage: "Next", description: "Next page" },
  page: {
    id: "ui.pagination.page",
    defaultMessage: "Page {page}",
    description: "Accessible name of a numbered link of a pagination (its text is the number)",
  },
  pageOf: {
    id: "ui.pagination.page-of",
    defaultMessage: "Page {page} of {total}",
    description: "Current page of a paginated list",
  },
  required: {
    id: "ui.field.required",
    defaultMessage: "(required)",
    description: "Marks a required form field",
  },
  errorSummary: {
    id: "ui.error-summary.title",
    defaultMessage:
      "{count, plural, one {One field needs your attention} other {# fields need your attention}}",
    description: "Heading of a form's error summary, with the number of invalid fields",
  },
  errorSummaryEntry: {
    id: "ui.error-summary.entry",
    defaultMessage: "{label}: {message}",
    description: "One entry of a form's error summary: the field's label and its message",
  },
  language: {
    id: "ui.language",
    defaultMessage: "Language",
    description: "Accessible name of the language switcher",
  },
} as const satisfies Record<string, MessageDescriptor & { id: `ui.${string}` }>;
