// Prints where the time of the last `turbo run --summarize` went: each task's wall time,
// longest first, so CI time can be recorded and budgeted (docs/benchmarks/README.md).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dir = '.turbo/runs';
const runs = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => join(dir, name))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
if (runs.length === 0) throw new Error(`no turbo run summary in ${dir}`);
const summary = JSON.parse(readFileSync(runs[0], 'utf8'));
const rows = summary.tasks
  .map((task) => ({
    task: task.taskId,
    seconds: (task.execution.endTime - task.execution.startTime) / 1000,
  }))
  .sort((a, b) => b.seconds - a.seconds);
const shown = Number(process.argv[2] ?? rows.length);
for (const { task, seconds } of rows.slice(0, shown))
  console.log(`${seconds.toFixed(0).padStart(5)} s  ${task}`);
