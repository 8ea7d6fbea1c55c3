"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { apiFetch, ProblemError } from "@/lib/client/api";

export function RegisterForm({ defaults }: { defaults: { name: string; email: string } }) {
  const router = useRouter();
  const register = useMutation({
    mutationFn: (body: Record<string, string>) => apiFetch("/api/dev/register", { method: "POST", body }),
    onSuccess: () => router.refresh(),
  });
  const problem = register.error instanceof ProblemError ? register.error : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // Optional fields left empty are not sent at all.
    const body = Object.fromEntries([...form.entries()].filter(([, value]) => value !== "")) as Record<string, string>;
    register.mutate(body);
  }

  return (
    <form onSubmit={submit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-6" noValidate>
      <TextField label="Name" name="name" defaultValue={defaults.name} required maxLength={100} error={problem?.messageFor("name")} />
      <p className="text-sm text-slate-600">
        Email: <span className="font-medium text-slate-900">{defaults.email}</span> — your Yapture account&apos;s verified address; it
        follows your account.
      </p>
      <TextField label="Company" name="companyName" maxLength={100} error={problem?.messageFor("companyName")} />
      <TextField label="Website" name="websiteUrl" placeholder="https://" error={problem?.messageFor("websiteUrl")} />
      <TextAreaField label="About you" name="bio" rows={3} maxLength={1000} error={problem?.messageFor("bio")} />
      {problem && problem.errors.length === 0 ? <p className="text-sm text-red-600">{problem.message}</p> : null}
      <Button type="submit" disabled={register.isPending}>
        {register.isPending ? "Registering…" : "Register as a developer"}
      </Button>
    </form>
  );
}
