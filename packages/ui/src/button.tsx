import type { ButtonHTMLAttributes } from "react";
import { cx } from "./cx.js";

/** Visual weight of a button or button-styled link. */
export type ButtonVariant = "primary" | "secondary" | "ghost";

/** Class names that style any element (e.g. a router link) as a button. */
export function buttonClassName(variant: ButtonVariant = "primary", extra?: string): string {
  return cx("pui-button", `pui-button--${variant}`, extra);
}

/** Props of Button: native button attributes plus a variant. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
}

/** A native button with the portal's look; type defaults to "button". */
export function Button({ variant = "primary", className, type = "button", ...rest }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, className)} {...rest} />;
}
