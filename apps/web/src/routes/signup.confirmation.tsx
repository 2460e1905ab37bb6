import { createFileRoute } from "@tanstack/react-router";
import { ConfirmationPage } from "../features/fibre-journey/components/confirmation-page";

export const Route = createFileRoute("/signup/confirmation")({
  component: ConfirmationPage,
});
