"use client";

import { useEffect, useRef, type ComponentPropsWithoutRef } from "react";

/**
 * A GET form (search, filters) that leaves its empty fields out of the address it opens: the
 * address a person shares or bookmarks names only what they chose (`/apps?search=sync`, not
 * `…&environment=&featured=&sort=`). Without script it is a plain form and still works.
 */
export function GetForm(props: Omit<ComponentPropsWithoutRef<"form">, "method">) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const dropEmpty = (event: FormDataEvent) => {
      for (const [name, value] of [...event.formData.entries()]) if (value === "") event.formData.delete(name);
    };
    element.addEventListener("formdata", dropEmpty);
    return () => element.removeEventListener("formdata", dropEmpty);
  }, []);
  return <form ref={form} method="get" {...props} />;
}
