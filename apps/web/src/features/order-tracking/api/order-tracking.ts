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

/** The slots the order of a tracking link can move to (shop `listOrderSlots`). */
export const orderSlotsQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["shop", "order-slots", token],
    queryFn: async () => (await trackingApi().shop.listOrderSlots({ token, days: 10 })).data,
  });

export type OrderSlots = Awaited<
  ReturnType<ReturnType<typeof trackingApi>["shop"]["listOrderSlots"]>
>["data"];

/** A slot of the list: a day and a window. */
export interface SlotChoice {
  date: string;
  slot: "morning" | "afternoon";
}

/** Moves the order's booked slot (shop `rescheduleOrder`); answers the new timeline. */
export async function rescheduleOrder(
  lang: Lang,
  token: string,
  choice: SlotChoice,
): Promise<OrderTracking> {
  return (await trackingApi().shop.rescheduleOrder(choice, { params: { token, lang } })).data;
}
