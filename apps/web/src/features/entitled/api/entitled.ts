import { queryOptions } from "@tanstack/react-query";
import { mapEntitledError } from "@portal/lead-flow";
import { api, type ContentData } from "../../../shared/api";

/** The fibre entitlement of the product token's account. */
export type Entitlement = ContentData<"getEntitledAstroFibre">;

/** A claimed entitlement. */
export type EntitlementClaim = ContentData<"claimEntitledAstroFibre">;

/** The SPEC section 8 code of an entitled-fibre failure (lead-flow's mapping). */
export function entitledErrorCode(error: unknown): string {
  return mapEntitledError(error);
}

/** The entitlement of the account the product token belongs to. Never retried: codes are final. */
export const entitlementQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["content", "entitled-fibre", token],
    queryFn: async () => (await api.content.getEntitledAstroFibre({ token })).data,
    retry: false,
    staleTime: 0,
  });

/** Claims the offer for the product token's account. */
export async function claimEntitlement(token: string): Promise<EntitlementClaim> {
  return (await api.content.claimEntitledAstroFibre(undefined, { token })).data;
}
