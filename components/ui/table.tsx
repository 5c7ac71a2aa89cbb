import type { ComponentProps, ReactNode } from "react";

/**
 * The app's tables: a full-width table, its header row, and header cells that line up with
 * their column (numbers to the right). Row cells stay plain `<td>`s: their content varies.
 */

export function Table({ className = "", ...props }: ComponentProps<"table">) {
  return <table className={`w-full text-left text-sm ${className}`} {...props} />;
}

export function TableHead({
  className = "",
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  return (
    <thead
      className={`border-b border-slate-200 bg-slate-50 text-xs font-medium uppercase tracking-wide text-slate-500 ${className}`}
    >
      <tr>{children}</tr>
    </thead>
  );
}

export function HeaderCell({
  align = "left",
  dense = false,
  className = "",
  ...props
}: ComponentProps<"th"> & {
  /** "right" for columns of numbers. */
  align?: "left" | "right";
  /** The tighter padding of tables inside a page section. */
  dense?: boolean;
}) {
  return (
    <th
      scope="col"
      className={`px-4 ${dense ? "py-2" : "py-3"} ${align === "right" ? "text-right" : ""} ${className}`}
      {...props}
    />
  );
}
