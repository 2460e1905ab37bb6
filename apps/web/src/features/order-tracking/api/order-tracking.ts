import { queryOptions } from "@tanstack/react-query";
import type { Lang } from "../../../shared/language";
import { trackingApi } from "../../../shared/lead-flow";

/** The order of a tracking link and its timeline (shop `getOrderTracking`). */
export const orderTrackingQueryOptions = (lang: Lang, token: string) =>
  queryOptions({
    queryKey: ["shop", "order-tracking", lang, token],
    queryFn: async () => (await trackingApi().shop.getOrderTracking({ token, lang })).data,
  });

export type OrderTracking = Awaited<
  ReturnType<ReturnType<typeof trackingApi>["shop"]["getOrderTracking"]>
>["data"];

/** Cancels the order of a tracking link (shop `cancelOrder`); answers the new timeline. */
export async function cancelOrder(lang: Lang, token: string): Promise<OrderTracking> {
  return (await trackingApi().shop.cancelOrder({ token, lang })).data;
}
