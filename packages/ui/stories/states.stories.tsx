import type { Meta, StoryObj } from "@storybook/react-vite";
import {
  CardGridSkeleton,
  DetailSkeleton,
  EmptyState,
  ErrorState,
  LoadingRegion,
  Skeleton,
  SkeletonText,
  buttonClassName,
} from "../src/index.js";
import { useText } from "./text.js";

/** Loading, empty and error states: what a page shows before, without and instead of its data. */
const meta = { title: "States/Loading, empty, error" } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Loading a listing: announced once (role=status) with the built-in "Loading" label. */
export const LoadingCardGrid: Story = { render: () => <CardGridSkeleton count={4} /> };
export const LoadingDetail: Story = { render: () => <DetailSkeleton /> };
export const LoadingCustom: Story = {
  render: () => (
    <LoadingRegion>
      <Skeleton width="12rem" height="1.5rem" />
      <Skeleton width="3rem" height="3rem" round />
      <SkeletonText lines={4} />
    </LoadingRegion>
  ),
};

/** The built-in texts only. */
export const EmptyDefault: Story = { render: () => <EmptyState /> };

function EmptySearch() {
  const t = useText();
  return (
    <EmptyState
      title={t("Tiada hasil untuk “sukan”", "No results for “sukan”")}
      action={
        <a className={buttonClassName("secondary")} href="#support">
          {t("Lihat semua soalan", "See every question")}
        </a>
      }
    >
      <p>{t("Cuba perkataan lain.", "Try other words.")}</p>
    </EmptyState>
  );
}
export const EmptyWithAction: Story = { render: () => <EmptySearch /> };

/** The built-in title, text and retry button. */
export const ErrorWithRetry: Story = { render: () => <ErrorState onRetry={() => {}} /> };
/** No retry (e.g. a 404): title and text from the app. */
export const ErrorWithoutRetry: Story = {
  render: function NotFound() {
    const t = useText();
    return (
      <ErrorState title={t("Saluran tidak ditemui", "Channel not found")}>
        <p>
          {t(
            "Saluran ini tiada lagi dalam katalog.",
            "This channel is no longer in the catalogue.",
          )}
        </p>
      </ErrorState>
    );
  },
};
