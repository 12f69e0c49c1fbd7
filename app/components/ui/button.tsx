import { Link, type LinkProps } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "outline" | "gold" | "danger";
type Size = "normal" | "small";

function classes(variant: Variant, size: Size, extra?: string) {
  return ["btn", `btn-${variant}`, size === "small" ? "btn-small" : "", extra ?? ""].filter(Boolean).join(" ");
}

export function ButtonLink({ variant = "primary", size = "normal", className, ...props }: LinkProps & { variant?: Variant; size?: Size }) {
  return <Link {...props} className={classes(variant, size, className)} />;
}

export function ExternalButtonLink({
  variant = "outline",
  size = "normal",
  className,
  ...props
}: React.AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: Variant; size?: Size }) {
  return <a {...props} className={classes(variant, size, className)} />;
}

export function Button({ variant = "primary", size = "normal", className, type = "button", ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size }) {
  return <button type={type} {...props} className={classes(variant, size, className)} />;
}
