import { Link } from "@tanstack/react-router";
import { CardGrid, CardGridItem, EmptyState } from "@portal/ui";
import { useIntl } from "react-intl";
import type { ContentData } from "../../../shared/api";
import { ComboCard } from "../../../shared/components/content-cards";
import { homeMessages as messages } from "../messages";

/** A combo as home lists it (get-{product}-combo-list, or home/all's comboList). */
export type Combo = ContentData<"getProductItem">;

/** One product's combos on home: heading, "see all" and the cards (or the empty state). */
export function ComboSection({
  title,
  combos,
  product,
}: {
  title: string;
  combos: Combo[];
  product: "fibre" | "tv";
}) {
  const intl = useIntl();
  return (
    <section
      className="section"
      aria-labelledby={`combos-${product}`}
      data-testid={`home-combos-${product}`}
    >
      <div className="section__head">
        <h2 id={`combos-${product}`}>{title}</h2>
        <Link to="/$product" params={{ product }}>
          {intl.formatMessage(messages.seeAll)}
        </Link>
      </div>
      {combos.length === 0 ? (
        <EmptyState title={intl.formatMessage(messages.noCombos)} />
      ) : (
        <CardGrid>
          {combos.map((combo) => (
            <CardGridItem key={combo.id}>
              <ComboCard combo={combo} />
            </CardGridItem>
          ))}
        </CardGrid>
      )}
    </section>
  );
}
