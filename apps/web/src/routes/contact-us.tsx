import { createFileRoute, notFound } from "@tanstack/react-router";
import { ContactPage } from "../features/contact/components/contact-page";
import { messageHead } from "../shared/route-head";
import { contactPageMessages as messages } from "../features/contact/messages";

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
