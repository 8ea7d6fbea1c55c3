"use client";

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { FiguresTable, type ChartPoint } from "./figures-table";
import { SERIES_STYLE, type ChartedMetric } from "./palette";

// The analytics page's charts (recharts, loaded on this page only). Each is a figure with a
// caption and its table; recharts' accessibility layer lets a keyboard step through the points.

const HEIGHT = 240;

function ChartFigure({
  title,
  points,
  metrics,
  kind,
}: {
  title: string;
  points: ChartPoint[];
  metrics: readonly ChartedMetric[];
  kind: "line" | "bar";
}) {
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
      <XAxis dataKey="start" tick={{ fontSize: 11, fill: "#475569" }} minTickGap={24} />
      <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: "#475569" }} width={40} />
      <Tooltip />
      <Legend wrapperStyle={{ fontSize: 12 }} />
    </>
  );
  return (
    <figure className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="text-sm font-medium text-slate-800">{title}</figcaption>
      <div className="h-60 w-full">
        <ResponsiveContainer width="100%" height={HEIGHT}>
          {kind === "line" ? (
            <LineChart data={points} accessibilityLayer margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              {axes}
              {metrics.map((metric) => (
                <Line
                  key={metric}
                  type="monotone"
                  dataKey={metric}
                  name={SERIES_STYLE[metric].label}
                  stroke={SERIES_STYLE[metric].color}
                  strokeDasharray={SERIES_STYLE[metric].dash}
                  strokeWidth={2}
                  dot={points.length <= 31}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          ) : (
            <BarChart data={points} accessibilityLayer margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              {axes}
              {metrics.map((metric) => (
                <Bar
                  key={metric}
                  dataKey={metric}
                  name={SERIES_STYLE[metric].label}
                  fill={SERIES_STYLE[metric].color}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          )}
        </ResponsiveContainer>
      </div>
      <FiguresTable caption={title} points={points} metrics={metrics} />
    </figure>
  );
}

/** Visibility (impressions, page views), installs and removals, and active installs over the chosen periods. */
export function SeriesCharts({ points }: { points: ChartPoint[] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartFigure title="Impressions and page views" points={points} metrics={["impressions", "pageViews"]} kind="line" />
      <ChartFigure title="Installs and uninstalls" points={points} metrics={["installs", "uninstalls"]} kind="bar" />
      <ChartFigure title="Active installs at the end of each period" points={points} metrics={["activeInstalls"]} kind="line" />
    </div>
  );
}
