import { createFileRoute, notFound } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { ContactPage } from "../features/contact/components/contact-page";
import { messageHead } from "../shared/route-head";

const messages = defineMessages({
  title: {
    id: "contact.title",
    defaultMessage: "Contact us",
    description: "Contact-us page title",
  },
  lead: {
    id: "contact.lead",
    defaultMessage: "Leave your details and our team will call you about Suria TV.",
    description: "Contact-us page intro and meta description",
  },
});

/** The page exists only while the configuration's contactEnabled flag is on (else a 404). */
export const Route = createFileRoute("/contact-us")({
  beforeLoad: ({ context }) => {
    if (!context.config?.contactEnabled) throw notFound();
  },
  head: ({ match }) =>
    match.context.config?.contactEnabled
      ? messageHead(match, {
          path: "/contact-us",
          title: messages.title,
          description: messages.lead,
        })
      : {},
  component: ContactPage,
});
