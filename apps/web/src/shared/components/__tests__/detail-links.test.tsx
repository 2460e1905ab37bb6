import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { RawIntlProvider } from "react-intl";
import { describe, expect, it } from "vitest";
import bm from "../../../lang/compiled/bm.json";
import en from "../../../lang/compiled/en.json";
import { intlFor, type CompiledMessages } from "../../i18n";
import { LanguageContext, type Lang } from "../../language";
import { ChannelLinks, MAX_LINKS, PackLinks } from "../detail-layout";

// Issue 22: a channel carried by hundreds of packs (or a pack of hundreds of channels) keeps its
// page the same size: 24 links, then one link to the listing with how many are left.

const catalogs = { bm, en } as unknown as Record<Lang, CompiledMessages>;

async function render(lang: Lang, list: "packs" | "channels", count: number) {
  const ids = Array.from({ length: count }, (_, i) => `item-${i + 1}`);
  const queryClient = new QueryClient();
  const names = ids.map((id) => ({ id, name: `Name of ${id}` }));
  queryClient.setQueryData(["content", "packages", lang, "names"], names);
  queryClient.setQueryData(["content", "channels", lang, "names"], names);
  const root = createRootRoute({
    component: () => (list === "packs" ? <PackLinks ids={ids} /> : <ChannelLinks ids={ids} />),
  });
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ["/"] }),
    isServer: true,
  });
  await router.load();
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <LanguageContext.Provider value={{ lang, setLanguage: () => undefined }}>
        <RawIntlProvider value={intlFor(lang, catalogs[lang])}>
          <RouterProvider router={router} />
        </RawIntlProvider>
      </LanguageContext.Provider>
    </QueryClientProvider>,
  );
  const links = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map(
    ([, href, text]) => [href, text],
  );
  return links;
}

describe("pack and channel links on a detail page", () => {
  it("lists every one up to 24", async () => {
    const links = await render("en", "packs", MAX_LINKS);
    expect(MAX_LINKS).toBe(24);
    expect(links).toHaveLength(24);
    expect(links[23]).toEqual(["/packages/item-24", "Name of item-24"]);
  });

  it("cuts a longer list at 24 and links the rest to the listing, in both languages", async () => {
    const packs = await render("en", "packs", 300);
    expect(packs).toHaveLength(25);
    expect(packs[0]).toEqual(["/packages/item-1", "Name of item-1"]);
    expect(packs[24]).toEqual(["/packages", "and 276 more packs"]);
    expect((await render("bm", "packs", 26))[24]).toEqual(["/packages", "dan 2 pek lagi"]);
    const channels = await render("en", "channels", 25);
    expect(channels[24]).toEqual(["/channels", "and 1 more channel"]);
    expect((await render("bm", "channels", 125))[24]).toEqual([
      "/channels",
      "dan 101 saluran lagi",
    ]);
  });
});
