import { queryOptions } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import { api, type AppApi } from "./api";

/** The portal configuration served by the config service (openapi/config.yaml PortalConfig). */
export type PortalConfig = Awaited<ReturnType<AppApi["config"]["getConfig"]>>["data"];

/** The configuration query (the server seeds it from its own cache, see src/server). */
export const configQueryOptions = () =>
  queryOptions({
    queryKey: ["config"],
    queryFn: async () => (await api.config.getConfig()).data,
    staleTime: 10 * 60_000,
  });

/** Context holding the configuration; provided by the root route. */
export const ConfigContext = createContext<PortalConfig | null>(null);

/** The configuration read at start. */
export function useConfig(): PortalConfig {
  const value = useContext(ConfigContext);
  if (!value) throw new Error("useConfig must be used inside <ConfigContext.Provider>");
  return value;
}

/** https://wa.me link for the configured customer-service WhatsApp number. */
export function whatsappUrl(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}`;
}
