import { ApiError } from "@portal/api-client";
import { isNotFound } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { isPageOutOfRange, pageNumber, pageSearch, PAGE_SIZE } from "../pagination";

describe("a listing's ?page=", () => {
  it("keeps page 1 out of the URL and any other value as written", () => {
    expect(pageSearch(undefined)).toBeUndefined();
    expect(pageSearch("")).toBeUndefined();
    expect(pageSearch("1")).toBeUndefined();
    expect(pageSearch(1)).toBeUndefined();
    expect(pageSearch("2")).toBe("2");
    expect(pageSearch(3)).toBe("3");
    expect(pageSearch("abc")).toBe("abc");
  });

  it("reads a whole number from 2; anything else is the not-found page", () => {
    expect(pageNumber(undefined)).toBe(1);
    expect(pageNumber("2")).toBe(2);
    expect(pageNumber("263")).toBe(263);
    for (const bad of ["0", "-1", "2.5", "abc", "02", "1e3", "999999"]) {
      let thrown: unknown;
      try {
        pageNumber(bad);
      } catch (error) {
        thrown = error;
      }
      expect(isNotFound(thrown), bad).toBe(true);
    }
  });

  it("knows the service's 400 naming page or genre, and nothing else", () => {
    const refused = (field: string, status = 400) =>
      new ApiError("http", `status ${status}`, {
        statusCode: status,
        error: { statusCode: status, field, code: "x" },
      });
    expect(isPageOutOfRange(refused("page"))).toBe(true);
    expect(isPageOutOfRange(refused("genre"))).toBe(true);
    expect(isPageOutOfRange(refused("lang"))).toBe(false);
    expect(isPageOutOfRange(refused("page", 500))).toBe(false);
    expect(isPageOutOfRange(new Error("page"))).toBe(false);
  });

  it("shows 24 items a page, the services' default", () => {
    expect(PAGE_SIZE).toBe(24);
  });
});
