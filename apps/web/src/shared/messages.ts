import { defineMessages } from "react-intl";

/** Strings of the app shell (header, footer, generic pages). */
export const shellMessages = defineMessages({
  brand: { id: "shell.brand", defaultMessage: "Suria", description: "Brand name in the header" },
  siteDescription: {
    id: "shell.site.description",
    defaultMessage: "Suria TV and Suria Fibre: channels, movies, packs and home broadband.",
    description: "Default meta description of any page that has none of its own",
  },
  brandHome: {
    id: "shell.brand.home",
    defaultMessage: "Suria home page",
    description: "Accessible name of the brand link",
  },
  mainNav: {
    id: "shell.nav.label",
    defaultMessage: "Main",
    description: "Accessible name of the main navigation",
  },
  navHome: { id: "shell.nav.home", defaultMessage: "Home", description: "Main navigation: home" },
  navFibre: {
    id: "shell.nav.fibre",
    defaultMessage: "Fibre",
    description: "Main navigation: fibre product page",
  },
  navTv: {
    id: "shell.nav.tv",
    defaultMessage: "TV",
    description: "Main navigation: TV product page",
  },
  navChannels: {
    id: "shell.nav.channels",
    defaultMessage: "Channels",
    description: "Main navigation: channels",
  },
  navMovies: {
    id: "shell.nav.movies",
    defaultMessage: "Movies",
    description: "Main navigation: movies",
  },
  navPackages: {
    id: "shell.nav.packages",
    defaultMessage: "Packs",
    description: "Main navigation: add-on packs",
  },
  navBundles: {
    id: "shell.nav.bundles",
    defaultMessage: "Bundles",
    description: "Main navigation: bundles",
  },
  navCampaigns: {
    id: "shell.nav.campaigns",
    defaultMessage: "Promotions",
    description: "Main navigation: campaigns",
  },
  navStore: {
    id: "shell.nav.store",
    defaultMessage: "Stories",
    description: "Main navigation: store articles",
  },
  navDistributors: {
    id: "shell.nav.distributors",
    defaultMessage: "Distributors",
    description: "Main navigation: distributors by state",
  },
  navSearch: {
    id: "shell.nav.search",
    defaultMessage: "Search",
    description: "Main navigation: search",
  },
  navSupport: {
    id: "shell.nav.support",
    defaultMessage: "Support",
    description: "Main navigation: the support centre",
  },
  footerProducts: {
    id: "shell.footer.products",
    defaultMessage: "Products",
    description: "Footer column heading",
  },
  footerExplore: {
    id: "shell.footer.explore",
    defaultMessage: "Explore",
    description: "Footer column heading",
  },
  footerLegal: {
    id: "shell.footer.legal",
    defaultMessage: "Legal",
    description: "Footer column heading",
  },
  footerHelp: {
    id: "shell.footer.help",
    defaultMessage: "Help",
    description: "Footer column heading",
  },
  whatsapp: {
    id: "shell.footer.whatsapp",
    defaultMessage: "Chat with us on WhatsApp",
    description: "Link to the customer-service WhatsApp",
  },
  whatsappNewWindow: {
    id: "shell.footer.whatsapp.new-window",
    defaultMessage: "(opens WhatsApp in a new tab)",
    description: "Screen reader hint for the WhatsApp link",
  },
  version: {
    id: "shell.footer.version",
    defaultMessage: "Version {version} (build {number})",
    description: "Build version in the footer",
  },
  copyright: {
    id: "shell.footer.copyright",
    defaultMessage: "© {year} Suria. All rights reserved.",
    description: "Footer copyright line",
  },
  privacyNotice: {
    id: "legal.privacy-notice",
    defaultMessage: "Privacy notice",
    description: "Legal page name",
  },
  privacyPolicy: {
    id: "legal.privacy-policy",
    defaultMessage: "Privacy policy",
    description: "Legal page name",
  },
  termsOfUse: {
    id: "legal.terms-of-use",
    defaultMessage: "Terms of use",
    description: "Legal page name",
  },
  termsAndConditions: {
    id: "legal.terms-and-conditions",
    defaultMessage: "Terms and conditions",
    description: "Legal page name",
  },
  notFoundTitle: {
    id: "shell.not-found.title",
    defaultMessage: "Page not found",
    description: "404 page heading",
  },
  notFoundBody: {
    id: "shell.not-found.body",
    defaultMessage: "The page you are looking for does not exist or has moved.",
    description: "404 page text",
  },
  backHome: {
    id: "shell.back-home",
    defaultMessage: "Go to the home page",
    description: "Link back to the home page",
  },
  errorTitle: {
    id: "shell.error.title",
    defaultMessage: "We could not load this page",
    description: "Error page heading and title",
  },
  errorBody: {
    id: "shell.error.body",
    defaultMessage: "The service did not answer. Check your connection, then try again.",
    description: "Error page text",
  },
  configErrorTitle: {
    id: "shell.config-error.title",
    defaultMessage: "The portal could not start",
    description: "Heading when the configuration cannot be read",
  },
  loadingTitle: {
    id: "shell.loading",
    defaultMessage: "Loading",
    description: "Document title while a page loads",
  },
  languageBm: {
    id: "shell.language.bm",
    defaultMessage: "Bahasa Melayu",
    description: "Name of the Malay language (in Malay)",
  },
  languageEn: {
    id: "shell.language.en",
    defaultMessage: "English",
    description: "Name of the English language (in English)",
  },
  home: { id: "shell.crumb.home", defaultMessage: "Home", description: "Breadcrumb: home" },
  priceOnce: {
    id: "shell.price.once",
    defaultMessage: "RM{price}",
    description: "One-off price in ringgit",
  },
  // {months}, not #: # formats through Intl.NumberFormat, whose first use loads ICU's number data
  // (60-110 ms of main thread on a mid-range phone), and these combo cards are on the home page.
  contractMonths: {
    id: "shell.contract.months",
    defaultMessage:
      "{months, plural, =0 {No contract} one {{months} month contract} other {{months} months contract}}",
    description: "Contract length",
  },
  speed: { id: "shell.speed", defaultMessage: "{speed} Mbps", description: "Internet speed" },
  viewDetails: {
    id: "shell.view-details",
    defaultMessage: "View details",
    description: "Link to a detail page",
  },
  recommended: {
    id: "shell.recommended",
    defaultMessage: "Recommended",
    description: "Badge on a recommended combo",
  },
});
