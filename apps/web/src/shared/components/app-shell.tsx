import { CatchBoundary, Link, Outlet } from "@tanstack/react-router";
import { LanguageSwitcher, SiteFooter, SiteHeader, SkipLink } from "@portal/ui";
import type { ReactNode } from "react";
import { defineMessages, useIntl } from "react-intl";
import { SiteBanners } from "../../features/banners/components/site-banners";
import { useConfig } from "../config";
import { useLanguage, type Lang } from "../language";
import { shellMessages } from "../messages";
import { WhatsappLink } from "./whatsapp-link";

// Link to the fibre coverage check (its text lives in src/lang/fibre.<lang>.json).
const fibreMessages = defineMessages({
  coverage: {
    id: "fibre.nav.coverage",
    defaultMessage: "Check fibre coverage",
    description: "Footer link to the fibre coverage check",
  },
});

// Links to the support centre and the checks (their texts live in src/lang/support.<lang>.json).
const helpMessages = defineMessages({
  support: {
    id: "shell.footer.support",
    defaultMessage: "Support centre",
    description: "Footer link to the support centre",
  },
  contact: {
    id: "shell.footer.contact",
    defaultMessage: "Contact us",
    description: "Footer link to the contact-us form",
  },
  b40: {
    id: "shell.footer.b40",
    defaultMessage: "B40 rebate check",
    description: "Footer link to the B40 check",
  },
  referral: {
    id: "shell.footer.referral",
    defaultMessage: "Referrals",
    description: "Footer link to the referral page",
  },
});

function NavLink({ to, children, exact }: { to: string; children: ReactNode; exact?: boolean }) {
  return (
    <li>
      <Link to={to} activeOptions={{ exact: exact ?? false, includeSearch: false }}>
        {children}
      </Link>
    </li>
  );
}

const NoBanners = () => null;

/** The page frame: skip link, banners, header with navigation and language switcher, footer. */
export function AppShell() {
  const intl = useIntl();
  const config = useConfig();
  const { lang, setLanguage } = useLanguage();

  const productName = (key: string) => config.products.find((p) => p.key === key)?.name ?? key;

  return (
    <>
      <SkipLink />
      {/* A banner whose call failed is left out (the server answered the page 503 and did not
          keep it): it never takes the page with it. */}
      <CatchBoundary getResetKey={() => lang} errorComponent={NoBanners}>
        <SiteBanners />
      </CatchBoundary>
      <SiteHeader
        brand={
          <Link to="/" aria-label={intl.formatMessage(shellMessages.brandHome)}>
            <span className="brand-mark" aria-hidden="true" />
            {intl.formatMessage(shellMessages.brand)}
          </Link>
        }
        languageSwitcher={
          <LanguageSwitcher<Lang>
            value={lang}
            onChange={setLanguage}
            options={[
              {
                value: "bm",
                label: "BM",
                name: intl.formatMessage(shellMessages.languageBm),
                lang: "ms",
              },
              {
                value: "en",
                label: "EN",
                name: intl.formatMessage(shellMessages.languageEn),
                lang: "en",
              },
            ]}
          />
        }
        nav={
          <nav aria-label={intl.formatMessage(shellMessages.mainNav)}>
            <ul>
              <NavLink to="/" exact>
                {intl.formatMessage(shellMessages.navHome)}
              </NavLink>
              <NavLink to="/fibre">{intl.formatMessage(shellMessages.navFibre)}</NavLink>
              <NavLink to="/tv">{intl.formatMessage(shellMessages.navTv)}</NavLink>
              <NavLink to="/channels">{intl.formatMessage(shellMessages.navChannels)}</NavLink>
              <NavLink to="/movies">{intl.formatMessage(shellMessages.navMovies)}</NavLink>
              <NavLink to="/packages">{intl.formatMessage(shellMessages.navPackages)}</NavLink>
              <NavLink to="/campaigns">{intl.formatMessage(shellMessages.navCampaigns)}</NavLink>
              <NavLink to="/store">{intl.formatMessage(shellMessages.navStore)}</NavLink>
              <NavLink to="/distributors">
                {intl.formatMessage(shellMessages.navDistributors)}
              </NavLink>
              <NavLink to="/search">{intl.formatMessage(shellMessages.navSearch)}</NavLink>
              <NavLink to="/support">{intl.formatMessage(shellMessages.navSupport)}</NavLink>
            </ul>
          </nav>
        }
      />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter
        bottom={
          <>
            <span>
              {intl.formatMessage(shellMessages.copyright, { year: new Date().getFullYear() })}
            </span>
            <span data-testid="build-version">
              {intl.formatMessage(shellMessages.version, {
                version: config.build.version,
                number: config.build.number,
              })}
            </span>
          </>
        }
      >
        <div>
          <h2>{intl.formatMessage(shellMessages.footerProducts)}</h2>
          <ul>
            <li>
              <Link to="/$product" params={{ product: "fibre" }}>
                {productName("fibre")}
              </Link>
            </li>
            <li>
              <Link to="/coverage">{intl.formatMessage(fibreMessages.coverage)}</Link>
            </li>
            <li>
              <Link to="/$product" params={{ product: "tv" }}>
                {productName("tv")}
              </Link>
            </li>
            <li>
              <Link to="/bundles">{intl.formatMessage(shellMessages.navBundles)}</Link>
            </li>
            <li>
              <Link to="/packages">{intl.formatMessage(shellMessages.navPackages)}</Link>
            </li>
          </ul>
        </div>
        <div>
          <h2>{intl.formatMessage(shellMessages.footerExplore)}</h2>
          <ul>
            <li>
              <Link to="/campaigns">{intl.formatMessage(shellMessages.navCampaigns)}</Link>
            </li>
            <li>
              <Link to="/store">{intl.formatMessage(shellMessages.navStore)}</Link>
            </li>
            <li>
              <Link to="/distributors">{intl.formatMessage(shellMessages.navDistributors)}</Link>
            </li>
          </ul>
        </div>
        <div>
          <h2>{intl.formatMessage(shellMessages.footerLegal)}</h2>
          <ul>
            <li>
              <Link to="/legal/$termsType" params={{ termsType: "privacy-notice" }}>
                {intl.formatMessage(shellMessages.privacyNotice)}
              </Link>
            </li>
            <li>
              <Link to="/legal/$termsType" params={{ termsType: "privacy-policy" }}>
                {intl.formatMessage(shellMessages.privacyPolicy)}
              </Link>
            </li>
            <li>
              <Link to="/legal/$termsType" params={{ termsType: "terms-of-use" }}>
                {intl.formatMessage(shellMessages.termsOfUse)}
              </Link>
            </li>
            <li>
              <Link to="/legal/$termsType" params={{ termsType: "terms-and-conditions" }}>
                {intl.formatMessage(shellMessages.termsAndConditions)}
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2>{intl.formatMessage(shellMessages.footerHelp)}</h2>
          <ul>
            <li>
              <Link to="/support">{intl.formatMessage(helpMessages.support)}</Link>
            </li>
            {config.contactEnabled ? (
              <li>
                <Link to="/contact-us" data-testid="contact-link">
                  {intl.formatMessage(helpMessages.contact)}
                </Link>
              </li>
            ) : null}
            <li>
              <Link to="/b40">{intl.formatMessage(helpMessages.b40)}</Link>
            </li>
            <li>
              <Link to="/referral">{intl.formatMessage(helpMessages.referral)}</Link>
            </li>
            <li>
              <WhatsappLink number={config.whatsappNumber} />
            </li>
          </ul>
        </div>
      </SiteFooter>
    </>
  );
}
