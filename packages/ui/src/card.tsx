import type { ReactNode } from "react";

/** Props of Card. Put the link inside `title`: the whole card becomes its click target. */
export interface CardProps {
  title: ReactNode;
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3 | 4;
  imageUrl?: string | null;
  /** Alternative text; empty for decorative images. */
  imageAlt?: string;
  description?: ReactNode;
  /** Small text above the title, e.g. a category or channel number. */
  eyebrow?: ReactNode;
  footer?: ReactNode;
}

/** A content card: optional image, eyebrow, title (usually a link), description and footer. */
export function Card({
  title,
  headingLevel = 2,
  imageUrl,
  imageAlt = "",
  description,
  eyebrow,
  footer,
}: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="pui-card">
      {imageUrl ? (
        <div className="pui-card__media">
          <img
            src={imageUrl}
            alt={imageAlt}
            loading="lazy"
            decoding="async"
            width={640}
            height={360}
          />
        </div>
      ) : null}
      <div className="pui-card__body">
        {eyebrow ? <p className="pui-card__eyebrow">{eyebrow}</p> : null}
        <Heading className="pui-card__title">{title}</Heading>
        {description ? <div className="pui-card__description">{description}</div> : null}
        {footer ? <div className="pui-card__footer">{footer}</div> : null}
      </div>
    </article>
  );
}

/** A responsive list of cards (one column at 360 px, up to four on desktop). */
export function CardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className="pui-grid" aria-label={label}>
      {children}
    </ul>
  );
}

/** One cell of a CardGrid. */
export function CardGridItem({ children }: { children: ReactNode }) {
  return <li className="pui-grid__item">{children}</li>;
}
