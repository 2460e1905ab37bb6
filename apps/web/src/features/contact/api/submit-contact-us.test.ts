import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ContactSubmitError,
  THANK_YOU_MARKER,
  marketingBaseUrl,
  submitContactUs,
  type ContactFailure,
} from "./submit-contact-us";

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

describe("submitContactUs", () => {
  // Each test picks the answer by the form key it sends.
  const answers: Record<string, (res: ServerResponse) => void> = {
    ok: (res) =>
      res.writeHead(200, { "content-type": "text/html" }).end(`<p>${THANK_YOU_MARKER}</p>`),
    "no-marker": (res) => res.writeHead(200, { "content-type": "text/html" }).end("<p>Thanks</p>"),
    captcha: (res) =>
      res.writeHead(403, { "content-type": "application/json" }).end(
        JSON.stringify({
          statusCode: 403,
          error: "Forbidden",
          message: "x",
          field: "altcha",
          code: "captcha.replayed",
        }),
      ),
    field: (res) =>
      res.writeHead(400, { "content-type": "application/json" }).end(
        JSON.stringify({
          statusCode: 400,
          error: "Bad Request",
          message: "x",
          field: "first_contact_number",
          code: "validation.mobile.invalid",
        }),
      ),
    down: (res) => res.writeHead(503).end(),
  };
  const seen: Array<{ apiKey: string | undefined; body: string; type: string | undefined }> = [];
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        seen.push({
          apiKey: req.headers["x-api-key"] as string | undefined,
          body,
          type: req.headers["content-type"],
        });
        const key = /name="formKey"\r\n\r\n([^\r]*)/.exec(body)?.[1] ?? "ok";
        (answers[key] ?? answers.ok!)(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/marketing/contact-us`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = (formKey: string) =>
    submitContactUs(
      { url, apiKey: "key-1", formKey },
      {
        formKey,
        name: "Nur Aisyah",
        first_contact_number: "+60123456789",
        second_contact_number: "+60198765432",
        address: "12 Jalan Mawar",
        box_selection: "Suria Ultra Box",
        dish_selection: "New dish",
        contact: "Yes",
      },
      "c29sdXRpb24=",
    );
  const failureOf = async (formKey: string): Promise<ContactFailure> => {
    const error = await send(formKey).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContactSubmitError);
    return (error as ContactSubmitError).failure;
  };

  it("posts multipart with the API key and the ALTCHA solution, and succeeds on the marker", async () => {
    await expect(send("ok")).resolves.toBeUndefined();
    const request = seen.at(-1)!;
    expect(request.apiKey).toBe("key-1");
    expect(request.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.body).toContain('name="altcha"\r\n\r\nc29sdXRpb24=');
    expect(request.body).toContain('name="contact"\r\n\r\nYes');
    expect(request.body).not.toContain('name="email"');
  });

  it("does not count a 2xx without the thank-you marker as sent", async () => {
    expect(await failureOf("no-marker")).toEqual({ kind: "failed" });
  });

  it("tells a refused captcha, a refused field and any other failure apart", async () => {
    expect(await failureOf("captcha")).toEqual({ kind: "captcha" });
    expect(await failureOf("field")).toEqual({
      kind: "field",
      field: "first_contact_number",
      code: "validation.mobile.invalid",
    });
    expect(await failureOf("down")).toEqual({ kind: "failed", statusCode: 503 });
  });
});
