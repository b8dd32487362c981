import fs from 'node:fs';

/**
 * A figure the closing note of a reliability change quotes (a recovery time, duplicates per crash): printed with
 * the run's output, and added to FAULT_FIGURES_FILE as a JSON line when that is set.
 */
export function recordFigure(name: string, value: string) {
  const line = JSON.stringify({ name, value, at: new Date().toISOString() });
  process.stdout.write(`fault figure: ${name} = ${value}\n`);
  const file = process.env.FAULT_FIGURES_FILE;
  if (file) fs.appendFileSync(file, `${line}\n`);
}
