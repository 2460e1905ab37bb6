import { leadSearchPayloadSchema, STATE_NAMES } from "@portal/validation";
import type { FastifyInstance } from "fastify";
import type { OperationTable } from "../openapi/register.js";
import { rateLimited } from "../plugins/security.js";
import { toApiAddress, type AddressRow } from "../services/leads.js";
import { parseWith } from "./validate.js";

/**
 * The shared rules (@portal/validation leadSearchPayloadSchema: postcode, residence type, street
 * fields, `state` one of the 16 slugs, as in the contract's MalaysianStateSlug), then the slug is
 * turned into the register's state name (`STATE_NAMES`) for the search.
 */
function checkedSearch(body: SearchBody): SearchBody {
  const checked = parseWith(leadSearchPayloadSchema, body);
  return checked.state === undefined ? body : { ...body, state: STATE_NAMES[checked.state] };
}

interface SearchBody {
  postalCode: string;
  residenceType: 1 | 2;
  streetType?: string;
  streetName?: string;
  houseNumber?: string;
  buildingName?: string;
  area?: string;
  city?: string;
  state?: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Searches the register: postcode and residence type exact, other fields prefix, case-insensitive. */
async function search(
  app: FastifyInstance,
  body: SearchBody,
  limit: number,
): Promise<AddressRow[]> {
  const where = ["postal_code = $1", "residence_type = $2"];
  const params: unknown[] = [body.postalCode, body.residenceType];
  const prefix: [keyof SearchBody, string][] = [
    ["streetType", "street_type"],
    ["houseNumber", "house_number"],
    ["buildingName", "building_name"],
    ["area", "area"],
    ["city", "city"],
    ["state", "state"],
  ];
  for (const [key, column] of prefix) {
    const value = body[key];
    if (typeof value === "string" && value.trim()) {
      params.push(`${escapeLike(value.trim())}%`);
      where.push(`${column} ilike $${params.length}`);
    }
  }
  if (body.streetName?.trim()) {
    // The visitor may type "Jalan SS 7/26" or just "SS 7/26".
    params.push(`${escapeLike(body.streetName.trim())}%`);
    where.push(
      `(street_name ilike $${params.length} or concat_ws(' ', street_type, street_name) ilike $${params.length})`,
    );
  }
  params.push(limit);
  const { rows } = await app.db.query<AddressRow>(
    `select * from addresses where ${where.join(" and ")}
     order by street_name, building_name nulls first, length(house_number), house_number limit $${params.length}`,
    params,
  );
  return rows;
}

/** The address service: greenfield search and coverage check (lead token). */
export function addressOperations(app: FastifyInstance): OperationTable {
  const { tokens } = app.services;
  return {
    greenfieldSearch: {
      options: { config: rateLimited() },
      async handler(request) {
        await tokens.fromRequest("lead", request);
        const body = checkedSearch(request.body as SearchBody);
        const rows = await search(app, body, 50);
        return { response: rows.map(toApiAddress) };
      },
    },
    checkIspCoverage: {
      options: { config: rateLimited() },
      async handler(request) {
        await tokens.fromRequest("lead", request);
        const { platform } = request.query as { platform: "fibre" | "tv" };
        const body = checkedSearch(request.body as SearchBody);
        const [row] = await search(app, body, 1);
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
