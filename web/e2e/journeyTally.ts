// The journeys' figures (issue 23): each journey appends answers given on screen, stored on the
// server and refused to a file in the run's server data folder; the global teardown prints their
// sum, the "0 lost, 0 refused" figure.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface JourneyFigures {
  journey: string;
  given: number;
  stored: number;
  refused: number;
}

const file = (dataDir: string) => join(dataDir, 'journeys.ndjson');

/** Adds one journey's figures (a worker calls it; the data folder is the run's server's). */
export function recordJourney(figures: JourneyFigures): void {
  const dir = process.env.WRITEIT_E2E_DATA;
  if (dir) appendFileSync(file(dir), `${JSON.stringify(figures)}\n`);
}

/** The run's summary line, or null when no journey ran. */
export function journeySummary(dataDir: string): string | null {
  let lines: string[];
  try {
    lines = readFileSync(file(dataDir), 'utf8').split('\n').filter(Boolean);
  } catch {
    return null;
  }
  const all = lines.map((l) => JSON.parse(l) as JourneyFigures);
  const sum = (k: 'given' | 'stored' | 'refused') => all.reduce((a, f) => a + f[k], 0);
  const given = sum('given');
  return `Journeys: ${all.length}; answers given ${given}, on the server ${sum('stored')}, lost ${given - sum('stored')}, refused ${sum('refused')}`;
}
