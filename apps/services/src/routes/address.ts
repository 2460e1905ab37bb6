import { leadSearchPayloadSchema, STATE_NAMES } from "@portal/validation";
import type { FastifyInstance } from "fastify";
import type { OperationTable } from "../openapi/register.js";
import { rateLimited } from "../plugins/security.js";
import { searchAddresses, type AddressSearch } from "../repositories/addresses.js";
import { toApiAddress } from "../services/leads.js";
import { parseWith } from "./validate.js";

/**
 * The shared rules (@portal/validation leadSearchPayloadSchema: postcode, residence type, street
 * fields, `state` one of the 16 slugs, as in the contract's MalaysianStateSlug), then the slug is
 * turned into the register's state name (`STATE_NAMES`) for the search.
 */
function checkedSearch(body: AddressSearch): AddressSearch {
  const checked = parseWith(leadSearchPayloadSchema, body);
  return checked.state === undefined ? body : { ...body, state: STATE_NAMES[checked.state] };
}

/** The address service: greenfield search and coverage check (lead token). */
export function addressOperations(app: FastifyInstance): OperationTable {
  const { tokens } = app.services;
  return {
    greenfieldSearch: {
      options: { config: rateLimited() },
      async handler(request) {
        await tokens.fromRequest("lead", request);
        const rows = await searchAddresses(
          app.db,
          checkedSearch(request.body as AddressSearch),
          50,
        );
        return { response: rows.map(toApiAddress) };
      },
    },
    checkIspCoverage: {
      options: { config: rateLimited() },
      async handler(request) {
        await tokens.fromRequest("lead", request);
        const { platform } = request.query as { platform: "fibre" | "tv" };
        const body = checkedSearch(request.body as AddressSearch);
        const [row] = await searchAddresses(app.db, body, 1);
        if (!row) return { response: { platform, covered: false, networks: [] } };
        const networks = platform === "fibre" ? row.fibre_networks : [];
        return {
          response: {
            platform,
            covered: platform === "tv" || networks.length > 0,
            address: toApiAddress(row),
            networks,
          },
        };
      },
    },
  };
}
