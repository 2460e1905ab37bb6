import { join } from "node:path";
import type { ServiceDefinition } from "../openapi/register.js";
import { addressOperations } from "./address.js";
import { configOperations } from "./config.js";
import { contentAccountOperations } from "./content/account.js";
import { contentCatalogOperations } from "./content/catalog.js";
import { marketingOperations } from "./marketing.js";
import { shopOperations } from "./shop.js";
import { uploadsOperations } from "./uploads.js";

/**
 * The services, each an OpenAPI contract under its base path. To implement more operations of a
 * contract, add a handler table to its `operations` list (e.g. the content catalogue beside the
 * account operations); an operation without a handler answers 501.
 */
export function serviceDefinitions(openapiDir: string): ServiceDefinition[] {
  const file = (name: string) => join(openapiDir, `${name}.yaml`);
  return [
    { name: "address", file: file("address"), prefix: "/address", operations: [addressOperations] },
    { name: "shop", file: file("shop"), prefix: "/shop", operations: [shopOperations] },
    {
      name: "content",
      file: file("content"),
      prefix: "/content",
      operations: [contentCatalogOperations, contentAccountOperations],
    },
    { name: "config", file: file("config"), prefix: "/config", operations: [configOperations] },
    {
      name: "marketing",
      file: file("marketing"),
      prefix: "/marketing",
      operations: [marketingOperations],
    },
    { name: "uploads", file: file("uploads"), prefix: "/uploads", operations: [uploadsOperations] },
  ];
}
