// Operator commands for installation capacity, lead times and public holidays (issue 24), run
// against the services' database without a deploy (`pnpm --filter @portal/services ops ...`):
//
//   ops slots list --area Selangor
//   ops slots set --area Selangor --capacity 6 [--window morning|afternoon] [--day 2026-12-24]
//     (without --day: the area's default for every installation day; with --day: that day
//     only, 0 closes it)
//   ops slots lead-time --network "Serat Nusantara" --days 4   (network `satellite`: Suria TV)
//   ops holidays list [--year 2027]
//   ops holidays add --day 2027-03-10 --name "Hari Raya Aidilfitri"
//   ops holidays remove --day 2027-03-10
import type { Queryable } from "./db/database.js";
import { setCapacity, type SlotWindow } from "./services/installation.js";

export const SLOTS_USAGE = `usage: ops slots list --area <state>
       ops slots set --area <state> --capacity <n> [--window morning|afternoon] [--day YYYY-MM-DD]
       ops slots lead-time --network <name> --days <n>
       ops holidays list [--year YYYY]
       ops holidays add --day YYYY-MM-DD --name <name>
       ops holidays remove --day YYYY-MM-DD`;

/** The options the slot and holiday commands read. */
export interface SlotsOptions {
  area?: string;
  capacity?: string;
  window?: string;
  day?: string;
  network?: string;
  days?: string;
  year?: string;
  name?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (day: string | undefined): day is string =>
  day !== undefined && DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`));
const count = (text: string | undefined) =>
  text !== undefined && /^\d{1,4}$/.test(text) ? Number(text) : undefined;

/** Runs `slots` or `holidays`; resolves with the exit code (2: usage, 1: refused). */
export async function slotsCommand(
  db: Queryable,
  command: string,
  action: string | undefined,
  values: SlotsOptions,
  out: (text: string) => void,
): Promise<number> {
  const usage = () => (out(SLOTS_USAGE), 2);
  if (command === "holidays") {
    if (action === "list") {
      const year = values.year ?? "";
      const { rows } = await db.query<{ day: string; name: string }>(
        "select day::text as day, name from public_holidays where day::text like $1 || '%' order by day",
        [year],
      );
      out(rows.map((r) => `${r.day} ${r.name}`).join("\n"));
      return 0;
    }
    if (!isDay(values.day)) return usage();
    if (action === "add" && values.name) {
      await db.query(
        "insert into public_holidays (day, name) values ($1, $2) on conflict (day) do update set name = excluded.name",
        [values.day, values.name],
      );
      out(`holiday ${values.day} ${values.name}: no installations`);
      return 0;
    }
    if (action === "remove") {
      const { rows } = await db.query("delete from public_holidays where day = $1 returning day", [
        values.day,
      ]);
      out(
        rows.length > 0
          ? `${values.day} is an installation day again`
          : `${values.day} was no holiday`,
      );
      return rows.length > 0 ? 0 : 1;
    }
    return usage();
  }
  if (command !== "slots") return usage();
  if (action === "lead-time") {
    const days = count(values.days);
    if (!values.network || days === undefined) return usage();
    await db.query(
      `insert into installation_lead_times (network, working_days) values ($1, $2)
       on conflict (network) do update set working_days = excluded.working_days`,
      [values.network, days],
    );
    out(`${values.network}: ${days} installation days before the earliest slot`);
    return 0;
  }
  if (!values.area) return usage();
  const known = await db.query(
    "select 1 from installation_areas where area = $1 union all select 1 from addresses where state = $1 limit 1",
    [values.area],
  );
  if (known.rows.length === 0) {
    out(`unknown area ${JSON.stringify(values.area)}: areas are the states of the addresses`);
    return 1;
  }
  if (action === "list") {
    const defaults = await db.query<{ morning: number; afternoon: number }>(
      "select morning, afternoon from installation_areas where area = $1",
      [values.area],
    );
    const days = await db.query<{ day: string; slot: string; capacity: number }>(
      "select day::text as day, slot, capacity from installation_capacity where area = $1 order by day, slot",
      [values.area],
    );
    const d = defaults.rows[0] ?? { morning: 0, afternoon: 0 };
    out(
      [
        `${values.area}: morning ${d.morning}, afternoon ${d.afternoon} a day`,
        ...days.rows.map((r) => `${r.day} ${r.slot} ${r.capacity}`),
      ].join("\n"),
    );
    return 0;
  }
  if (action === "set") {
    const capacity = count(values.capacity);
    const slot = values.window as SlotWindow | undefined;
    if (capacity === undefined || (slot && slot !== "morning" && slot !== "afternoon"))
      return usage();
    if (values.day !== undefined && !isDay(values.day)) return usage();
    await setCapacity(db, {
      area: values.area,
      capacity,
      ...(slot ? { slot } : {}),
      ...(values.day ? { day: values.day } : {}),
    });
    out(
      `${values.area} ${values.day ?? "every installation day"} ${slot ?? "morning and afternoon"}: ${capacity}`,
    );
    return 0;
  }
  return usage();
}
