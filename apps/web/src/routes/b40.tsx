import { createFileRoute } from "@tanstack/react-router";
import { B40Page } from "../features/b40/components/b40-page";

export const Route = createFileRoute("/b40")({
  component: B40Page,
});
