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
import { channelNamesQueryOptions, packNamesQueryOptions } from "../../catalogue";
import { intlFor, type CompiledMessages } from "../../i18n";
import { LanguageContext, type Lang } from "../../language";
import { firstLinks, MAX_LINKS } from "../../links";
import { ChannelLinks, PackLinks } from "../detail-layout";

// Issue 22: a channel carried by hundreds of packs (or a pack of hundreds of channels) keeps its
// page the same size: 24 links, then one link to the listing with how many are left.

const catalogs = { bm, en } as unknown as Record<Lang, CompiledMessages>;

/** `cut`: the page's data holds only the first ids and the count (`firstLinks`), as the queries keep. */
async function render(lang: Lang, list: "packs" | "channels", count: number, cut = false) {
  const all = Array.from({ length: count }, (_, i) => `item-${i + 1}`);
  const { ids, total } = cut ? firstLinks(all) : { ids: all, total: undefined };
  const queryClient = new QueryClient();
  const names = all.map((id) => ({ id, name: `Name of ${id}` }));
  queryClient.setQueryData(["content", "packages", lang, "names"], names);
  queryClient.setQueryData(["content", "channels", lang, "names"], names);
  // What the page's loader leaves in the cache: the names of the ids it shows.
  await queryClient.prefetchQuery(packNamesQueryOptions(lang, ids.slice(0, MAX_LINKS)));
  await queryClient.prefetchQuery(channelNamesQueryOptions(lang, ids.slice(0, MAX_LINKS)));
  const root = createRootRoute({
    component: () =>
      list === "packs" ? (
        <PackLinks ids={ids} total={total} />
      ) : (
        <ChannelLinks ids={ids} total={total} />
      ),
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

  it("draws the same links from the first 24 ids and the count the page's data keeps", async () => {
    expect(firstLinks(["a", "b"])).toEqual({ ids: ["a", "b"], total: 2 });
    const cut = firstLinks(Array.from({ length: 300 }, (_, i) => `item-${i + 1}`));
    expect(cut.ids).toHaveLength(24);
    expect(cut.total).toBe(300);
    for (const [lang, list, count] of [
      ["en", "packs", 300],
      ["bm", "packs", 26],
      ["en", "channels", 25],
      ["bm", "channels", 3],
    ] as const)
      expect(await render(lang, list, count, true)).toEqual(await render(lang, list, count));
    expect((await render("en", "packs", 300, true))[24]).toEqual([
      "/packages",
      "and 276 more packs",
    ]);
  });
});
