// Reads a Prometheus scrape as a person would: the value of a series picked by its name and some of its labels.
import type { FastifyInstance } from 'fastify';

export interface Series {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const line = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export const parseScrape = (text: string): Series[] =>
  text.split('\n').flatMap((row) => {
    const match = line.exec(row);
    if (!match) return [];
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(label)].map((m) => [m[1], m[2]]));
    return [{ name: match[1] as string, labels, value: Number(match[3]) }];
  });

/** GETs the app's metrics port. */
export const scrape = async (app: FastifyInstance): Promise<Series[]> => {
  const address = app.metricsAddress();
  if (!address) throw new Error('metrics are off');
  const res = await fetch(`http://${address.address}:${address.port}/metrics`);
  if (!res.ok) throw new Error(`metrics answered ${res.status}`);
  return parseScrape(await res.text());
};

/** The sum of the series of that name whose labels include those given; 0 when none. */
export const sumOf = (series: Series[], name: string, labels: Record<string, string> = {}): number =>
  series
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
