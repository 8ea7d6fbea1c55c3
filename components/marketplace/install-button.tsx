"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { apiFetch, ProblemError } from "@/lib/client/api";

/** Installs the app into a Yapture workspace (one count per workspace). */
export function InstallButton({ slug, installCount }: { slug: string; installCount: number }) {
  const [workspaceId, setWorkspaceId] = useState("");
  const install = useMutation({
    mutationFn: () =>
      apiFetch<{ slug: string; installCount: number }>(`/api/apps/${slug}/install`, {
        method: "POST",
        body: workspaceId.trim() ? { workspaceId: workspaceId.trim() } : {},
      }),
  });
  const count = install.data?.installCount ?? installCount;
  return (
    <form
      className="flex w-64 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        install.mutate();
      }}
    >
      <label className="text-xs text-slate-600">
        Yapture workspace ID (optional)
        <input value={workspaceId} onChange={(event) => setWorkspaceId(event.target.value)} maxLength={100} className="mt-1 w-full rounded-lg border border-slate-300 px-2 py-1 text-sm" />
      </label>
      <Button type="submit" disabled={install.isPending}>
        {install.isSuccess ? "Installed ✓" : "Install"}
      </Button>
      <p className="text-center text-xs text-slate-500" data-testid="install-count">
        {count.toLocaleString("en-US")} installs
      </p>
      {install.error ? <p className="text-xs text-red-600">{install.error instanceof ProblemError ? install.error.message : "Install failed"}</p> : null}
    </form>
  );
}
