import { defineMessages } from "react-intl";

/** Strings shared by the support centre's pages. */
export const supportMessages = defineMessages({
  title: {
    id: "support.title",
    defaultMessage: "Support centre",
    description: "Support centre heading, title and breadcrumb",
  },
  lead: {
    id: "support.lead",
    defaultMessage: "Answers about subscriptions, bills, installation, Wi-Fi, TV and more.",
    description: "Support centre intro and meta description",
  },
  searchLabel: {
    id: "support.search.label",
    defaultMessage: "Search the support centre",
    description: "Label of the support search box",
  },
  searchHint: {
    id: "support.search.hint",
    defaultMessage: "Results appear as you type. Part of a word is enough.",
    description: "Hint under the support search box",
  },
  resultCount: {
    id: "support.search.count",
    defaultMessage: "{count, plural, one {# answer} other {# answers}} for “{query}”",
    description: "Number of support search results",
  },
  searchLoading: {
    id: "support.search.loading",
    defaultMessage: "Searching the answers…",
    description: "Shown under the support search box while the search loads",
  },
  noResults: {
    id: "support.search.empty",
    defaultMessage: "No answer matches “{query}”.",
    description: "No support search results",
  },
  noResultsHint: {
    id: "support.search.empty.hint",
    defaultMessage: "Try another word, or browse the topics below. You can also chat with us.",
    description: "Hint under no support search results",
  },
  topics: {
    id: "support.topics",
    defaultMessage: "Browse by topic",
    description: "Heading of the support category list",
  },
  questionCount: {
    id: "support.topic.count",
    defaultMessage: "{count, plural, one {# question} other {# questions}}",
    description: "Number of questions in a support category",
  },
  emptyCategories: {
    id: "support.empty",
    defaultMessage: "No support topics are available yet.",
    description: "The support centre has no categories",
  },
  emptyCategory: {
    id: "support.topic.empty",
    defaultMessage: "This topic has no questions yet.",
    description: "A support category without questions",
  },
  categoryLead: {
    id: "support.topic.lead",
    defaultMessage: "Questions and answers about {topic}.",
    description: "Support category page intro and meta description",
  },
  related: {
    id: "support.related",
    defaultMessage: "Related questions",
    description: "Heading of the related support articles",
  },
  helpTitle: {
    id: "support.help.title",
    defaultMessage: "Still need help?",
    description: "Heading of the WhatsApp help box",
  },
  helpBody: {
    id: "support.help.body",
    defaultMessage: "Our customer service team answers on WhatsApp every day, 8 am to 10 pm.",
    description: "Text of the WhatsApp help box",
  },
  helpLink: {
    id: "support.help.link",
    defaultMessage: "Chat with us on WhatsApp",
    description: "WhatsApp help link",
  },
  helpNewTab: {
    id: "support.help.new-tab",
    defaultMessage: "(opens WhatsApp in a new tab)",
    description: "Screen reader hint for the WhatsApp help link",
  },
  helpMessage: {
    id: "support.help.prefill",
    defaultMessage: "Hello Suria, I need help with: {topic}",
    description: "Message prefilled in WhatsApp from a support page",
  },
  contactLink: {
    id: "support.help.contact",
    defaultMessage: "Or leave your details and we will call you",
    description: "Link from the support help box to the contact-us form",
  },
});
