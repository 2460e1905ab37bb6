import { Link } from "@tanstack/react-router";
import { buttonClassName, type ButtonVariant } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";

const messages = defineMessages({
  checkCoverage: {
    id: "combo.coverage.cta",
    defaultMessage: "Check coverage",
    description: "Call to action: check fibre coverage at an address (to /coverage)",
  },
  checkCoverageFor: {
    id: "combo.coverage.cta.for",
    defaultMessage: "Check coverage for {name}",
    description: "Accessible name of a plan's coverage call to action; name = the combo package",
  },
});

/** "Check coverage": a button-styled link to /coverage, with the combo package when one is given. */
export function CoverageCta({
  packageId,
  packageName,
  variant = "primary",
}: {
  packageId?: string;
  packageName?: string;
  variant?: ButtonVariant;
}) {
  const intl = useIntl();
  return (
    <Link
      to="/coverage"
      search={packageId ? { package: packageId } : {}}
      className={buttonClassName(variant)}
      aria-label={
        packageName
          ? intl.formatMessage(messages.checkCoverageFor, { name: packageName })
          : undefined
      }
      data-testid="coverage-cta"
    >
      {intl.formatMessage(messages.checkCoverage)}
    </Link>
  );
}
