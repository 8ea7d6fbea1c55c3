"use client";

import { useRouter } from "next/navigation";

import { ConfirmButton } from "@/components/ui/confirm-button";
import { useApiAction } from "@/lib/client/use-api-action";
import { callOf } from "@/lib/client/operation-call";
import { APPS } from "@/lib/apps/operations";

export function DeleteListingButton({ appId, name }: { appId: string; name: string }) {
  const router = useRouter();
  const remove = useApiAction(() => callOf(APPS.delete, { params: { id: appId } }), {
    onSuccess: () => router.push("/developer/apps"),
    announce: `“${name}” is deleted.`,
    focus: "page-title",
  });
  return <ConfirmButton label="Delete listing" question={`Delete “${name}” for good?`} confirmLabel="Delete" action={remove} leavesPage />;
}
