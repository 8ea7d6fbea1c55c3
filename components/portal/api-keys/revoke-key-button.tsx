"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";

import { ConfirmButton } from "@/components/portal/confirm-button";
import { errorMessage } from "@/components/portal/problem";
import { apiFetch } from "@/lib/client/api";

export function RevokeKeyButton({ id, name }: { id: string; name: string }) {
  const router = useRouter();
  const revoke = useMutation({
    mutationFn: () => apiFetch<void>(`/api/dev/api-keys/${id}`, { method: "DELETE" }),
    onSuccess: () => router.refresh(),
  });
  return (
    <ConfirmButton
      label="Revoke"
      ariaLabel={`Revoke ${name}`}
      question={`Revoke “${name}”? Requests with it fail at once.`}
      confirmLabel="Revoke key"
      onConfirm={() => revoke.mutate()}
      pending={revoke.isPending}
      error={errorMessage(revoke.error)}
    />
  );
}
