import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatRm, formatShortDate } from "../format";

describe("formatRm", () => {
  it("shows cents only when there are some", () => {
    expect(formatRm(99)).toBe("99");
    expect(formatRm(99.9)).toBe("99.90");
  });
});

describe("formatShortDate", () => {
  it("writes day, short month and year in UTC", () => {
    expect(formatShortDate("2026-11-21", "bm")).toBe("21 Nov 2026");
    expect(formatShortDate("2026-08-01T23:30:00Z", "bm")).toBe("1 Ogo 2026");
    expect(formatShortDate("2026-08-01T23:30:00Z", "en")).toBe("1 Aug 2026");
    expect(formatShortDate("2026-12-31T23:59:59+08:00", "en")).toBe("31 Dec 2026");
    expect(formatShortDate("not a date", "en")).toBe("");
  });

  it("matches Intl's Malay medium date for every month", () => {
    const intl = new Intl.DateTimeFormat("ms", { dateStyle: "medium", timeZone: "UTC" });
    for (let month = 0; month < 12; month++) {
      const iso = new Date(Date.UTC(2026, month, 15)).toISOString();
      expect(formatShortDate(iso, "bm")).toBe(intl.format(new Date(iso)));
    }
  });

  it("uses English month abbreviations in the day-month-year order of en-MY", () => {
    const months = Array.from({ length: 12 }, (_, month) =>
      formatShortDate(new Date(Date.UTC(2026, month, 2)).toISOString(), "en"),
    );
    expect(months).toEqual(
      ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map(
        (m) => `2 ${m} 2026`,
      ),
    );
  });
});

describe("formatDate and formatDateTime", () => {
  it("write day, month and year as Malaysians do, in both languages", () => {
    expect(formatDate("2026-10-01", "bm")).toBe("1 Oktober 2026");
    expect(formatDate("2026-10-01", "en")).toBe("1 October 2026");
    expect(formatDate("2026-12-31T23:00:00Z", "en")).toBe("31 December 2026");
    expect(formatDate("2026-10-01", "bm", "medium")).toBe("1 Okt 2026");
    expect(formatDate("2026-10-01", "en", "medium")).toBe("1 Oct 2026");
    expect(formatDate("not a date", "en")).toBe("");
  });

  it("give times in Malaysia's time zone", () => {
    expect(formatDateTime("2026-10-01T02:30:00Z", "bm")).toBe("1 Oktober 2026 pada 10:30 PG");
    expect(formatDateTime("2026-10-01T02:30:00Z", "en")).toBe("1 October 2026 at 10:30 am");
  });
});
