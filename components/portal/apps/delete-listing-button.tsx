"use client";

import { useRouter } from "next/navigation";

import { ConfirmButton } from "@/components/ui/confirm-button";
import { useApiAction } from "@/lib/client/use-api-action";

export function DeleteListingButton({ appId, name }: { appId: string; name: string }) {
  const router = useRouter();
  const remove = useApiAction(() => ({ path: `/api/dev/apps/${appId}`, method: "DELETE" }), {
    onSuccess: () => router.push("/developer/apps"),
    announce: `“${name}” is deleted.`,
    focus: "page-title",
  });
  return <ConfirmButton label="Delete listing" question={`Delete “${name}” for good?`} confirmLabel="Delete" action={remove} leavesPage />;
}
