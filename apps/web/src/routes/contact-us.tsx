import { createFileRoute } from "@tanstack/react-router";
import { ContactPage } from "../features/contact/components/contact-page";
import { NotFoundPage } from "../shared/components/route-states";
import { useConfig } from "../shared/config";

export const Route = createFileRoute("/contact-us")({
  component: ContactRoute,
});

/** The page exists only while the configuration's contactEnabled flag is on. */
function ContactRoute() {
  const { contactEnabled } = useConfig();
  return contactEnabled ? <ContactPage /> : <NotFoundPage />;
}
