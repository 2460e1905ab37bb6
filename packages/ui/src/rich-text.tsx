import { cx } from "./cx.js";

/** Props of RichText. */
export interface RichTextProps {
  /** HTML that the caller has ALREADY sanitised (e.g. with DOMPurify). Never pass raw CMS HTML. */
  sanitisedHtml: string;
  className?: string;
}

/** Renders sanitised CMS HTML with readable typography (headings, lists, tables, links). */
export function RichText({ sanitisedHtml, className }: RichTextProps) {
  return (
    <div
      className={cx("pui-rich-text", className)}
      dangerouslySetInnerHTML={{ __html: sanitisedHtml }}
    />
  );
}
