// Runs one SQL statement in an in-memory DuckDB and prints its rows as a JSON array:
//   PAA_NODE_MODULES=build/npm/node_modules node tests/tools/duckdb_query.mjs "SELECT ..."
// The tests use it to check that DuckDB reads paa's datasets as they are.
import { createRequire } from 'node:module';

const require = createRequire(`${process.env.PAA_NODE_MODULES}/`);
const { DuckDBInstance } = require('@duckdb/node-api');

const db = await DuckDBInstance.create(':memory:');
const connection = await db.connect();
const reader = await connection.runAndReadAll(process.argv[2]);
console.log(JSON.stringify(reader.getRowObjectsJson()));
