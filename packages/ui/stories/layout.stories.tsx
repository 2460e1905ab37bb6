import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { useIntl } from "react-intl";
import { userEvent, within } from "storybook/test";
import {
  Container,
  LanguageSwitcher,
  PageHeader,
  SiteFooter,
  SiteHeader,
  SkipLink,
  VisuallyHidden,
  buttonClassName,
} from "../src/index.js";
import { useText } from "./text.js";

/** The page frame: skip link, header (brand, language switcher, navigation), page header, footer. */
const meta = { title: "Layout/Page frame", parameters: { layout: "fullscreen" } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const LANGUAGES = [
  { value: "bm", label: "BM", name: "Bahasa Melayu", lang: "ms" },
  { value: "en", label: "EN", name: "English", lang: "en" },
] as const;

function Switcher() {
  const { locale } = useIntl();
  const [value, setValue] = useState<"bm" | "en">(locale === "en" ? "en" : "bm");
  return <LanguageSwitcher options={LANGUAGES} value={value} onChange={setValue} />;
}

function Header() {
  const t = useText();
  return (
    <SiteHeader
      brand={<a href="#home">Suria</a>}
      languageSwitcher={<Switcher />}
      nav={
        <nav aria-label={t("Utama", "Main")}>
          <ul>
            {[
              ["#fibre", t("Gentian", "Fibre")],
              ["#tv", "TV"],
              ["#channels", t("Saluran", "Channels")],
              ["#movies", t("Filem", "Movies")],
              ["#support", t("Bantuan", "Support")],
            ].map(([href, label]) => (
              <li key={href}>
                <a href={href}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
      }
    />
  );
}

export const SiteHeaderClosed: Story = { render: () => <Header /> };

/** Below 64rem the navigation opens from the Menu button (at 1280 px it is a row already). */
export const SiteHeaderMenuOpen: Story = {
  render: () => <Header />,
  play: async ({ canvasElement }) => {
    const menu = canvasElement.querySelector<HTMLButtonElement>(".pui-header__menu");
    if (menu && menu.offsetParent !== null)
      await userEvent.click(within(canvasElement).getByRole("button", { expanded: false }));
  },
};

export const LanguageSwitcherAlone: Story = { render: () => <Switcher /> };

function Page() {
  const t = useText();
  return (
    <>
      <SkipLink />
      <Header />
      <main id="main">
        <Container>
          <PageHeader
            title={t("Semak liputan gentian", "Check fibre coverage")}
            lead={t(
              "Masukkan alamat anda untuk melihat pakej Suria Fibre yang tersedia.",
              "Enter your address to see the Suria Fibre plans available to you.",
            )}
            actions={
              <a className={buttonClassName()} href="#coverage">
                {t("Mula", "Start")}
                <VisuallyHidden>{t(" semakan liputan", " the coverage check")}</VisuallyHidden>
              </a>
            }
          />
        </Container>
      </main>
      <SiteFooter bottom={<p>© 2026 Suria</p>}>
        <div>
          <h2>{t("Bantuan", "Help")}</h2>
          <ul>
            <li>
              <a href="#support">{t("Pusat bantuan", "Support centre")}</a>
            </li>
            <li>
              <a href="#contact">{t("Hubungi kami", "Contact us")}</a>
            </li>
          </ul>
        </div>
      </SiteFooter>
    </>
  );
}

/** A whole page frame: what every page of the portal shares. */
export const WholePage: Story = { render: () => <Page /> };
