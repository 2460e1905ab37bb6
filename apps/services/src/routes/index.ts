import { join } from "node:path";
import { SERVICES, type ServiceName } from "@portal/openapi";
import type { OperationsFactory, ServiceDefinition } from "../openapi/register.js";
import { addressOperations } from "./address.js";
import { configOperations } from "./config.js";
import { contentAccountOperations } from "./content/account.js";
import { contentCatalogOperations } from "./content/catalog.js";
import { installationOperations } from "./installation.js";
import { interestOperations } from "./interests.js";
import { marketingOperations } from "./marketing.js";
import { shopOperations } from "./shop.js";
import { trackingOperations } from "./tracking.js";
import { uploadsOperations } from "./uploads.js";

/**
 * The handler tables of each service of @portal/openapi's `SERVICES`. To implement more
 * operations of a contract, add a table to its list (e.g. the content catalogue beside the
 * account operations); an operation without a handler answers 501.
 */
const HANDLERS: Record<ServiceName, OperationsFactory[]> = {
  address: [addressOperations],
  shop: [shopOperations, installationOperations, trackingOperations, interestOperations],
  content: [contentCatalogOperations, contentAccountOperations],
  config: [configOperations],
  marketing: [marketingOperations],
  uploads: [uploadsOperations],
};

/** Every service, each its contract under its base path with the tables that implement it. */
export function serviceDefinitions(openapiDir: string): ServiceDefinition[] {
  return SERVICES.map((s) => ({
    name: s.name,
    file: join(openapiDir, s.file),
    prefix: s.basePath,
    operations: HANDLERS[s.name],
  }));
}
