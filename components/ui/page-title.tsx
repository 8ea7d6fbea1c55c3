import Link from "next/link";
import type { ReactNode } from "react";
import { PageHeading } from "@/components/ui/page-heading";

/** A page's heading, with a link back to where it belongs and a line below it (`children`). */
export function PageTitle({ back, title, children }: { back?: { href: string; label: string }; title: string; children?: ReactNode }) {
  return (
    <div>
      {back ? (
        <Link href={back.href} className="text-sm text-brand-700 hover:underline">
          ← {back.label}
        </Link>
      ) : null}
      <PageHeading className="mt-2 text-2xl font-semibold">{title}</PageHeading>
      {children}
    </div>
  );
}
