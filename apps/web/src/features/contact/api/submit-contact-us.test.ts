import { describe, expect, it } from "vitest";
import { marketingBaseUrl } from "./submit-contact-us";

describe("marketingBaseUrl", () => {
  it("strips the contact-us operation path from the configured endpoint", () => {
    expect(marketingBaseUrl("http://localhost:4000/marketing/contact-us")).toBe(
      "http://localhost:4000/marketing",
    );
    expect(marketingBaseUrl("https://mkt.example.my/contact-us/")).toBe("https://mkt.example.my");
  });

  it("names the configuration field when the URL is not a contact-us endpoint", () => {
    expect(() => marketingBaseUrl("https://mkt.example.my/forms")).toThrow(/marketing\.url/);
  });
});
