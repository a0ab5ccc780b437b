#!/usr/bin/env node
// `node bench/generate.mjs`: fills a PostgreSQL database with the issue-5 dataset (100k users,
// 1M stories, 5M follows, 10M claps); see bench/README.md, "Feeds at scale".
//
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/inkwell_bench) names the database,
// created when missing; BENCH_SCALE (default 1) multiplies every count; --fresh drops the database first.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BENCH_DATABASE_URL, generateBigDataset } from './lib/big-dataset.mjs';
import { fmt, table } from './lib/report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const url = process.env.BENCH_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;
const scale = Number(process.env.BENCH_SCALE || 1);
if (!(scale > 0 && scale <= 10)) throw new Error(`BENCH_SCALE must be a number in (0, 10] (got ${process.env.BENCH_SCALE}).`);

process.stderr.write(`▸ generating the dataset at scale ${scale} into ${url}\n`);
const result = await generateBigDataset({ url, root, scale, fresh: process.argv.includes('--fresh'), log: (line) => process.stderr.write(`  ${line}\n`) });
console.log(table(['table', 'rows', 'size (with indexes)'], result.tables.map((t) => [t.table, fmt.int(t.rows), fmt.mb(t.bytes)]), ['l', 'r', 'r']));
console.log(`generated in ${fmt.num(result.seconds / 60, 1)} min · DATABASE_URL=${url}`);
for (const t of result.unknownTriggers) console.log(`note: trigger ${t.name} on ${t.table} did not run during the load`);
