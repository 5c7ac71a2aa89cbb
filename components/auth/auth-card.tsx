import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** The narrow, centred card of the sign-in, setup and access pages. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-sm pt-6 sm:pt-12">
      <Card className="p-6 sm:p-8">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </Card>
      {footer ? <div className="mt-4 text-center text-sm text-slate-600">{footer}</div> : null}
    </div>
  );
}
