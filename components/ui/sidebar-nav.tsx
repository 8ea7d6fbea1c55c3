"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

type Props = { label: string; nav: readonly (readonly [href: string, text: string])[] };

/** The section's pages; the one the person is in (its own page or one below it) is marked as current. */
export function SidebarNav({ label, nav }: Props) {
  const path = usePathname();
  const current = nav
    .map(([href]) => href)
    .filter((href) => path === href || path.startsWith(`${href}/`))
    .sort((a, b) => b.length - a.length)[0];
  return (
    <nav aria-label={label} className="flex flex-wrap gap-1 md:block md:space-y-1">
      {nav.map(([href, text]) => (
        <Link
          key={href}
          href={href}
          aria-current={href === current ? "page" : undefined}
          className="block rounded-lg px-3 py-2 hover:bg-white aria-[current=page]:bg-white aria-[current=page]:font-semibold aria-[current=page]:text-brand-700 aria-[current=page]:shadow-sm"
        >
          {text}
        </Link>
      ))}
    </nav>
  );
}
