// Memory of a streamed export: `npx tsx scripts/xlsx-memory.ts 400000` (rows); figures in docs/benchmarks/2026-11-24-exports.md.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { xlsxStream } from '../src/exports/xlsx.js';
interface Line {
  name: string;
  amount: number;
  date: Date;
}

const total = Number(process.argv[2] ?? 200000);
let peak = 0;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
async function* rows() {
  for (let i = 0; i < total; i++)
    yield {
      name: `Client numéro ${i} — Dupont`,
      amount: i * 13,
      date: new Date(2026, 0, 1 + (i % 300)),
    };
}
const base = process.memoryUsage().rss;
let size = 0;
const t = Date.now();
await pipeline(
  xlsxStream({
    sheetName: 'Bench',
    columns: [
      { header: 'Nom', value: (r: Line) => r.name },
      { header: 'Montant', value: (r: Line) => r.amount, format: 'euros' },
      { header: 'Date', value: (r: Line) => r.date, format: 'date' },
    ],
    rows: rows(),
  }),
  new Writable({
    write(c, _e, done) {
      size += c.length;
      setImmediate(done);
    },
  }),
);
clearInterval(sample);
console.log(
  JSON.stringify({
    rows: total,
    mb: (size / 1e6).toFixed(1),
    seconds: ((Date.now() - t) / 1000).toFixed(1),
    rssBaseMb: (base / 1e6).toFixed(0),
    rssPeakMb: (peak / 1e6).toFixed(0),
  }),
);
