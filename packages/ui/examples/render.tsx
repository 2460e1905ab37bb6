// The README's example: components with their built-in strings in Malay, from the compiled
// catalog. Rendered on the server here so it runs in Node; in an app, also import
// "@portal/ui/styles.css" once in your bundler's entry.
import assert from "node:assert/strict";
import { renderToStaticMarkup } from "react-dom/server";

// #region render
import { IntlProvider } from "react-intl";
import { Banner, EmptyState, ErrorState } from "@portal/ui";
import uiBm from "@portal/ui/lang/bm";

const messages = { ...uiBm, "app.empty": "Tiada saluran ditemui" }; // yours beside @portal/ui's

export function Channels({ onRetry }: { onRetry: () => void }) {
  return (
    <IntlProvider locale="ms" messages={messages}>
      <Banner kind="announcement" label="Notis" colourCode="#FFD100" onClose={() => {}}>
        Penyelenggaraan pada 1 Disember
      </Banner>
      <EmptyState title={messages["app.empty"]} />
      <ErrorState onRetry={onRetry} />
    </IntlProvider>
  );
}
// #endregion render

const html = renderToStaticMarkup(<Channels onRetry={() => {}} />);
console.log(html);
assert.match(html, /Cuba lagi/); // the retry button, from @portal/ui's Malay catalog
assert.match(html, /aria-label="Tutup Notis"/);
assert.match(html, /Tiada saluran ditemui/);
