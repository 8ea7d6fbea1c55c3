"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";

import { ConfirmButton } from "@/components/portal/confirm-button";
import { errorMessage } from "@/components/portal/problem";
import { apiFetch } from "@/lib/client/api";

export function DeleteListingButton({ appId, name }: { appId: string; name: string }) {
  const router = useRouter();
  const remove = useMutation({
    mutationFn: () => apiFetch<void>(`/api/dev/apps/${appId}`, { method: "DELETE" }),
    onSuccess: () => {
      router.push("/developer/apps");
      router.refresh();
    },
  });
  return (
    <ConfirmButton
      label="Delete listing"
      question={`Delete “${name}” for good?`}
      confirmLabel="Delete"
      onConfirm={() => remove.mutate()}
      pending={remove.isPending || remove.isSuccess}
      error={errorMessage(remove.error)}
    />
  );
}
