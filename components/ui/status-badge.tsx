const STYLES: Record<string, string> = {
  PENDING_VERIFICATION: "bg-amber-100 text-amber-800",
  PENDING: "bg-amber-100 text-amber-800",
  VERIFIED: "bg-emerald-100 text-emerald-800",
  APPROVED: "bg-emerald-100 text-emerald-800",
  DRAFT: "bg-slate-100 text-slate-700",
  REJECTED: "bg-red-100 text-red-800",
  SUSPENDED: "bg-red-100 text-red-800",
  UNPUBLISHED: "bg-slate-200 text-slate-700",
  ACTIVE: "bg-emerald-100 text-emerald-800",
  EXPIRED: "bg-slate-200 text-slate-700",
  WITHDRAWN: "bg-slate-200 text-slate-700",
  ACCEPTED: "bg-emerald-100 text-emerald-800",
  REVOKED: "bg-slate-200 text-slate-700",
  SENT: "bg-emerald-100 text-emerald-800",
  LOGGED: "bg-slate-200 text-slate-700",
  FAILED: "bg-red-100 text-red-800",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ${STYLES[status] ?? "bg-slate-100"}`}
      data-testid="status-badge"
    >
      {status.replace(/_/g, " ").toLowerCase()}
    </span>
  );
}
